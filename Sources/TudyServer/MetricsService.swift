import Hummingbird
import Logging
import ServiceLifecycle

/// The server's `/metrics` page, served on an address of its own: a failure to listen there
/// is told as one of `--metrics`, not of the chat's address.
struct MetricsService: Service {
    let export: ChatServer.MetricsExport
    let logger: Logger
    let onRunning: @Sendable (Int) async -> Void

    func run() async throws {
        let router = Router()
        let render = export.render
        router.get("/metrics") { _, _ in render() }
        let listening = ListeningFlag()
        let onRunning = self.onRunning
        let app = Application(
            router: router, configuration: .init(address: .hostname(export.host, port: export.port), serverName: "tudy"),
            onServerRunning: { channel in
                await listening.set()
                await onRunning(channel.localAddress?.port ?? 0)
            }, logger: logger)
        do {
            try await app.run()
        } catch {
            if await listening.isSet || error is CancellationError { throw error }
            throw ChatServer.StartError.cannotServeMetrics(
                address: "\(export.host):\(export.port)", reason: ChatServer.listenFailure(error))
        }
    }
}
