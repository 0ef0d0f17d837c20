import TudyApp
import TudyCore
import TudyTerminal
import TudyWire
/// What runs the parts of tudy that need the network: `tudy --server` and `tudy serve`.
package protocol NetworkModes: Sendable {
    /// Chats over the store of the first of `servers` that answers; how it ended.
    /// - Parameter certificateAuthority: a PEM file that wss:// servers are trusted by, or nil
    ///   for the system's trust.
    @MainActor static func chat(servers: [String], certificateAuthority: String?, settings: Launcher.Settings) async -> RunOutcome

    /// Serves a local store to clients until a signal stops it; how it ended.
    @MainActor static func serve(_ settings: ServeSettings) async -> RunOutcome
}

/// `tudy serve`'s flags.
package struct ServeSettings {
    /// Where to listen, as HOST:PORT.
    package var listen: String
    package var store: Launcher.Settings
    /// A PostgreSQL database to keep the store in instead, shared with other servers.
    package var database: String?
    /// A file whose first line is the database's password.
    package var databasePasswordFile: String?
    /// PEM files for wss://, or nil for ws://.
    package var tls: (certificate: String, key: String)?
    /// Connections one address may hold open at once.
    package var connectionsPerAddress = ServerLimits.connectionsPerAddress
    /// Connections held at once in all, as asked; the server holds fewer where the process
    /// may not open that many files.
    package var maxConnections = ServerLimits.connections
    /// Where to serve Prometheus metrics, as HOST:PORT; nil for none.
    package var metrics: String?
}
