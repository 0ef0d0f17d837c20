import ArgumentParser
import TudyApp
import TudyCore
import TudyTerminal
import TudyWire

/// `tudy serve`: the server other tudy clients connect to with `--server`.
struct Serve<Modes: NetworkModes>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "serve",
            abstract: "Serve a store to tudy clients over WebSocket (tudy --server ws://HOST:PORT).",
            discussion: "Logs one line per connection and error on standard error. SIGTERM or SIGINT closes every connection cleanly, then stops.")
    }

    @Option(help: ArgumentHelp("Where to listen (port 0: any free port; the address is printed).", valueName: "host:port"))
    var listen = "127.0.0.1:7070"

    /// Not an option: taken only to say which one is meant, where "unknown option" would not.
    @Option(help: .hidden)
    var port: String?

    @OptionGroup var local: LocalStoreOptions

    @Option(
        help: ArgumentHelp(
            "Keep the store in PostgreSQL, which several servers may share (instead of --store or --memory).",
            valueName: "postgres://user@host/db"))
    var database: String?

    @Option(
        name: .customLong("database-password-file"),
        help: ArgumentHelp(
            "A file whose first line is the database's password, kept off the command line (or PGPASSWORD, or ~/.pgpass).",
            valueName: "file"))
    var databasePasswordFile: String?

    @Option(name: .customLong("tls-cert"), help: ArgumentHelp("A PEM certificate chain: serve wss://.", valueName: "file.pem"))
    var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The certificate's PEM private key.", valueName: "file.pem"))
    var tlsKey: String?

    @Option(help: ArgumentHelp(
        "Connections one address may hold open at once; more for clients behind one address (a load test, a NAT).",
        valueName: "count"))
    var connectionsPerAddress = ServerLimits.connectionsPerAddress

    @Option(help: ArgumentHelp(
        "Connections the server holds at once in all (default \(ServerLimits.connections), fewer where the process may not open that many files).",
        valueName: "count"))
    var maxConnections = ServerLimits.connections

    @Option(help: ArgumentHelp(
        "Serve Prometheus metrics at http://HOST:PORT/metrics (keep it off the public address).", valueName: "host:port"))
    var metrics: String?

    func validate() throws {
        if let port {
            throw ValidationError("tudy serve takes --listen HOST:PORT, not --port: --listen 127.0.0.1:\(port)")
        }
        if database != nil && (local.memory || local.store != nil) {
            throw ValidationError("--database keeps the store in PostgreSQL: leave out --memory and --store")
        }
        if databasePasswordFile != nil && database == nil {
            throw ValidationError("--database-password-file is the password of --database: give both, or neither")
        }
        if connectionsPerAddress < 1 {
            throw ValidationError("--connections-per-address must be at least 1, not \(connectionsPerAddress)")
        }
        if maxConnections < 1 {
            throw ValidationError("--max-connections must be at least 1, not \(maxConnections)")
        }
        if (tlsCertificate == nil) != (tlsKey == nil) {
            throw ValidationError("--tls-cert and --tls-key go together: give both, or neither for ws://")
        }
    }

    func run() async throws {
        let store = Launcher.Settings(
            inMemory: local.memory, storePath: local.store, seedPath: local.seed, bail: false, noColor: true, check: false)
        let outcome = await Modes.serve(
            ServeSettings(
                listen: listen, store: store, database: database, databasePasswordFile: databasePasswordFile,
                tls: tlsCertificate.flatMap { certificate in tlsKey.map { (certificate, $0) } },
                connectionsPerAddress: connectionsPerAddress, maxConnections: maxConnections, metrics: metrics))
        if outcome != .finished { throw ExitCode(outcome.exitStatus) }
    }
}
