import Foundation
import Logging
import Prometheus
import TudyCommandLine
import TudyApp
import TudyCore
import TudyTerminal
import TudyWire
import TudyPostgres
import TudyServer

/// Opens the store and serves it: `tudy serve`.
@MainActor
enum ServerLauncher {
    /// What a server runs on, opened before it listens.
    private struct Opened {
        var host: String
        var port: Int
        var metrics: ChatServer.MetricsExport?
        var store: any SeedableStore
        var health: AsyncStream<StoreHealth>?
        var endedSessions: AsyncStream<String>?
    }

    static func run(_ settings: ServeSettings) async -> RunOutcome {
        signal(SIGPIPE, SIG_IGN)
        let console = Console(output: StandardStreams(), capabilities: .plain)
        return await Launcher.outcome(console: console) {
            try await open(settings, console: console)
        } running: { opened in
            await serve(opened, settings: settings, console: console)
        }
    }

    /// The addresses, the metrics and the store, seeded when asked. - Throws: what is wrong
    /// with a flag, or why the store could not be opened.
    private static func open(_ settings: ServeSettings, console: Console) async throws -> Opened {
        guard let (host, port) = address(settings.listen) else { throw ChatServer.StartError.badListenAddress(settings.listen) }
        var metrics: ChatServer.MetricsExport?
        if let text = settings.metrics {
            guard let (metricsHost, metricsPort) = address(text) else { throw LaunchError.badMetricsAddress(text) }
            let registry = PrometheusCollectorRegistry()
            metrics = ChatServer.MetricsExport(
                host: metricsHost, port: metricsPort, factory: PrometheusMetricsFactory(registry: registry),
                render: { registry.emitToString() })
        }
        LoggingSystem.bootstrap { StreamLogHandler.standardError(label: $0) }
        var opened: Opened
        if let database = settings.database {
            // The pool's own retries are not news; what fails reaches the server's log as an error.
            var databaseLogger = Logger(label: "tudy.postgres")
            databaseLogger.logLevel = .error
            // A password kept out of the command line, where `ps` would show it.
            let (password, warning) = try PostgresPasswordSource.password(
                for: database, passwordFile: settings.databasePasswordFile,
                environment: ProcessInfo.processInfo.environment, read: readFile)
            if let warning { console.error("warning: \(warning)", code: "password_file_passed_over") }
            let postgres = try await PostgresChatStore.open(
                url: database, password: password, clock: WallClock { Date() },
                hasher: Argon2idPasswordHasher(), logger: databaseLogger)
            opened = Opened(
                host: host, port: port, metrics: metrics, store: postgres, health: await postgres.healthReports(),
                endedSessions: await postgres.endedSessions())
        } else {
            opened = Opened(host: host, port: port, metrics: metrics, store: try Launcher.makeStore(settings.store, access: .server))
        }
        if let seedPath = settings.store.seedPath { try await Launcher.seed(opened.store, from: seedPath) }
        return opened
    }

    /// Serves until a signal stops it; how it ended.
    private static func serve(_ opened: Opened, settings: ServeSettings, console: Console) async -> RunOutcome {
        let (host, port, metrics, store) = (opened.host, opened.port, opened.metrics, opened.store)
        let logger = Logger(label: "tudy.server")
        let openFiles = OpenFileLimit.raised()
        let connections = min(settings.maxConnections, max(openFiles - ServerLimits.descriptorsKeptFree, 1))
        if connections < settings.maxConnections {
            logger.notice(
                "holding at most \(connections) connections: this process may open \(openFiles) files, \(ServerLimits.descriptorsKeptFree) of them kept for the server (raise the hard limit, ulimit -Hn, for more)")
        }
        let stopping = StopDeadline(logger: logger)
        defer { stopping.cancel() }
        let scheme = settings.tls == nil ? "ws" : "wss"
        let metricsHost = metrics?.host ?? host
        let server = ChatServer(
            store: store,
            settings: .init(
                host: host, port: port, tls: settings.tls, connectionsPerAddress: settings.connectionsPerAddress, connections: connections),
            logger: logger, health: opened.health, endedSessions: opened.endedSessions, metrics: metrics)
        do {
            try await server.run(stopsOnSignals: true) { port in
                // The address goes to standard output, so that a script started on port 0 learns it.
                FileHandle.standardOutput.write(Data("listening on \(scheme)://\(host):\(port)\n".utf8))
            } onMetrics: { port in
                FileHandle.standardOutput.write(Data("metrics on http://\(metricsHost):\(port)/metrics\n".utf8))
            }
            return .finished
        } catch let error as ChatServer.StartError {
            console.refuse(error)
            return .couldNotStart
        } catch {
            console.error("the server stopped: \(RefusalWording.message(for: error))", code: ErrorReport.code(for: error))
            return .stoppedByError
        }
    }

    /// A file's text and whether its group or others may read it; nil when there is none.
    nonisolated static func readFile(_ path: String) throws -> PostgresPasswordSource.FileText? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let mode = (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? 0
        return PostgresPasswordSource.FileText(text: text, othersMayRead: mode & 0o077 != 0)
    }

    /// HOST:PORT, the port from 0 (any free one) to 65535.
    nonisolated static func address(_ text: String) -> (String, Int)? {
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
            (0...65535).contains(port), colon > text.startIndex
        else { return nil }
        return (String(text[..<colon]), port)
    }
}
