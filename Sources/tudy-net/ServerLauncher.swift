import Foundation
import Logging
import TudyCommandLine
import TudyKit
import TudyPostgres
import TudyServer

/// Opens the store and serves it: `tudy serve`.
@MainActor
enum ServerLauncher {
    static func run(_ settings: ServeSettings) async -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let console = Console(output: StandardStreams(), capabilities: .plain)
        guard let (host, port) = address(settings.listen) else {
            console.error(ChatServer.StartError.badListenAddress(settings.listen).message)
            return 2
        }
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        let logger = Logger(label: "tudy.server")
        let store: any SeedableStore
        var health: AsyncStream<StoreHealth>?
        do {
            if let database = settings.database {
                // The pool's own retries are not news; what fails reaches the server's log as an error.
                var databaseLogger = Logger(label: "tudy.postgres")
                databaseLogger.logLevel = .error
                // A password kept out of the command line, where `ps` would show it.
                let postgres = try await PostgresChatStore.open(
                    url: database, password: ProcessInfo.processInfo.environment["PGPASSWORD"], clock: WallClock { Date() },
                    hasher: Argon2idPasswordHasher(), logger: databaseLogger)
                health = await postgres.healthReports()
                store = postgres
            } else {
                store = try Launcher.makeStore(settings.store, access: .server)
            }
        } catch {
            console.error(ErrorReport.message(for: error))
            return 2
        }
        if let seedPath = settings.store.seedPath, !(await Launcher.seed(store, from: seedPath, console: console)) { return 2 }

        let scheme = settings.tls == nil ? "ws" : "wss"
        let server = ChatServer(
            store: store, settings: .init(host: host, port: port, tls: settings.tls, connectionsPerAddress: settings.connectionsPerAddress), logger: logger, health: health)
        do {
            try await server.run(stopsOnSignals: true) { port in
                // The address goes to standard output, so that a script started on port 0 learns it.
                FileHandle.standardOutput.write(Data("listening on \(scheme)://\(host):\(port)\n".utf8))
            }
            return 0
        } catch let error as ChatServer.StartError {
            console.error(error.message)
            return 2
        } catch {
            console.error("the server stopped: \(ErrorReport.message(for: error))")
            return 1
        }
    }

    /// HOST:PORT, the port from 0 (any free one) to 65535.
    nonisolated static func address(_ text: String) -> (String, Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (0...65535).contains(port), colon > text.startIndex
        else { return nil }
        return (String(text[..<colon]), port)
    }
}
