import Foundation
import Hummingbird
import HummingbirdTLS
import HummingbirdCore
import HummingbirdWebSocket
import NIOWebSocket
import ServiceLifecycle
import Logging
import NIOCore
import NIOSSL
import TudyCore
import TudyWire
import CoreMetrics

/// `tudy serve`: a store behind a WebSocket, one connection per client.
package struct ChatServer: Sendable {
    /// Where and how the server listens.
    package struct Settings: Sendable {
        package var host: String
        package var port: Int
        /// PEM files of the certificate chain and its private key, for `wss://`.
        package var tls: (certificate: String, key: String)?
        /// How long a connection may take to become a WebSocket (TLS included) before it is closed.
        package var handshakeLimit: Duration
        /// How long a frame may wait for its client to take it before the client is hung up on.
        package var writePatience: Duration
        /// The bytes a client may leave waiting for it before it is sent away.
        package var queuedBytesPerConnection: Int
        /// Connections open at once from one address; one more is closed as it opens.
        package var connectionsPerAddress: Int
        /// Connections open at once in all, a WebSocket or not yet; one more is closed as it opens.
        package var connections: Int
        /// Connections of one address that are not a WebSocket yet; one more is closed as it opens.
        package var handshakesPerAddress: Int
        /// Requests the whole server answers a second (twice as many at once); one more is
        /// refused with `server_busy`.
        package var serverRequestsPerSecond: Int
        /// Failed sign-ins one network may make at once (one more each
        /// `ServerLimits.failedSignInPeriod`); past them its sign-ins are refused.
        package var failedSignInsPerNetwork: Int

        package init(
            host: String, port: Int, tls: (certificate: String, key: String)? = nil, handshakeLimit: Duration = .seconds(10),
            writePatience: Duration = ServerLimits.writePatience,
            queuedBytesPerConnection: Int = ServerLimits.queuedBytesPerConnection,
            connectionsPerAddress: Int = ServerLimits.connectionsPerAddress,
            connections: Int = ServerLimits.connections, handshakesPerAddress: Int = ServerLimits.handshakesPerAddress,
            serverRequestsPerSecond: Int = ServerLimits.serverRequestsPerSecond,
            failedSignInsPerNetwork: Int = ServerLimits.failedSignInsPerNetwork
        ) {
            self.host = host
            self.port = port
            self.tls = tls
            self.handshakeLimit = handshakeLimit
            self.writePatience = writePatience
            self.queuedBytesPerConnection = queuedBytesPerConnection
            self.connectionsPerAddress = connectionsPerAddress
            self.connections = connections
            self.handshakesPerAddress = handshakesPerAddress
            self.serverRequestsPerSecond = serverRequestsPerSecond
            self.failedSignInsPerNetwork = failedSignInsPerNetwork
        }
    }

    /// What went wrong before the server could listen, with what would work.
    package enum StartError: Error, UserFacingError {
        case badListenAddress(String)
        case unreadableTLSFile(path: String, reason: String)
        /// The address could not be listened on: in use, not this machine's, no such host.
        case cannotListen(address: String, reason: String)
        /// The address given for metrics could not be listened on.
        case cannotServeMetrics(address: String, reason: String)

        /// A stable name for the error, for programs (`--json`).
        package var code: String {
            switch self {
            case .badListenAddress: "bad_listen_address"
            case .unreadableTLSFile: "unreadable_tls_file"
            case .cannotListen: "cannot_listen"
            case .cannotServeMetrics: "cannot_serve_metrics"
            }
        }

        package var message: String {
            switch self {
            case .badListenAddress(let text):
                "'\(text)' is not an address to listen on: use HOST:PORT, e.g. 127.0.0.1:7070"
            case .unreadableTLSFile(let path, let reason):
                "can not use \(path) for TLS (\(reason)): give PEM files to --tls-cert and --tls-key"
            case .cannotListen(let address, let reason):
                "can not listen on \(address) (\(reason)): give --listen a free port on an address of this machine, e.g. 127.0.0.1:7070 (port 0 takes any free one)"
            case .cannotServeMetrics(let address, let reason):
                "can not serve metrics on \(address) (\(reason)): give --metrics a free port on an address of this machine, e.g. 127.0.0.1:9090"
            }
        }
    }

    /// Where the server's metrics are served, over plain HTTP at `/metrics`, and how.
    package struct MetricsExport: Sendable {
        package var host: String
        package var port: Int
        /// The metrics system the server records into.
        package var factory: any MetricsFactory
        /// What `/metrics` answers: the metrics as they are now, in the system's text format.
        package var render: @Sendable () -> String

        package init(host: String, port: Int, factory: any MetricsFactory, render: @escaping @Sendable () -> String) {
            self.host = host
            self.port = port
            self.factory = factory
            self.render = render
        }
    }

    private let store: any ChatStore
    private let settings: Settings
    private let logger: Logger
    private let health: AsyncStream<StoreHealth>?
    private let endedSessions: AsyncStream<String>?
    private let metricsExport: MetricsExport?

    /// - Parameters:
    ///   - health: how the store's database is, when it has one that can go away: clients are
    ///     told, and while it is down a request is refused at once.
    ///   - endedSessions: the sessions (by the hash of the token) that end on other servers of
    ///     the same database, whose connections here are closed at once.
    ///   - metrics: where to serve what an operator watches; nil for no metrics.
    package init(
        store: any ChatStore, settings: Settings, logger: Logger, health: AsyncStream<StoreHealth>? = nil,
        endedSessions: AsyncStream<String>? = nil, metrics: MetricsExport? = nil
    ) {
        self.store = store
        self.settings = settings
        self.logger = logger
        self.health = health
        self.endedSessions = endedSessions
        metricsExport = metrics
    }

    /// Serves until the task is cancelled, or, with `stopsOnSignals`, until SIGTERM or SIGINT;
    /// then closes every connection cleanly. `onRunning` gets the port it listens on.
    /// `onMetrics` gets the port metrics are served on, when they are.
    package func run(
        stopsOnSignals: Bool, onRunning: @escaping @Sendable (Int) async -> Void = { _ in },
        onMetrics: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let metrics = ServerMetrics(factory: metricsExport?.factory ?? NOOPMetricsHandler.instance)
        if let listing = store as? any LookAlikeListing, let report = try? await listing.lookAlikeReport() {
            logger.warning("\(report)")
        }
        let service = WireService(store: store, signIns: SignInTurns(failuresPerNetwork: settings.failedSignInsPerNetwork), searches: SearchLine())
        let shared = ServerShared(service: service, settings: settings, metrics: metrics, logger: logger)
        let logger = self.logger
        let settings = self.settings
        let following = health.map { reports in Task { await shared.health.follow(reports, logger: logger, metrics: metrics) } }
        defer { following?.cancel() }
        let ending = endedSessions.map { hashes in
            Task { for await hash in hashes { await shared.signedIn.endSession(hash, loggedOutBy: nil) } }
        }
        defer { ending?.cancel() }
        let router = Router()
        let scheme = settings.tls == nil ? "ws" : "wss"
        router.get("/") { _, _ in "tudy server: connect with tudy --server \(scheme)://HOST:PORT\n" }
        let webSocket = HTTP1WebSocketUpgradeChannel.Configuration(ws: .init(maxFrameSize: WireCodec.maximumFrameSize))
        let tls = try settings.tls.map(Self.tlsConfiguration)
        let handshakeLimit = TimeAmount(settings.handshakeLimit)
        let sockets = OpenSockets(limit: settings.connections, handshakesPerAddress: settings.handshakesPerAddress)
        let server = HTTPServerBuilder { responder in
            let http = HTTP1WebSocketUpgradeChannel(responder: responder, configuration: webSocket) { _, channel, _ in
                try await channel.pipeline.removeHandler(name: HandshakeDeadline.name).get()
                return Self.upgrade(channel, shared: shared)
            }
            guard let tls else {
                return HandshakeLimitedChannel(base: http, limit: handshakeLimit, servesTLS: false, sockets: sockets, metrics: metrics)
            }
            return HandshakeLimitedChannel(
                base: try TLSChannel(http, tlsConfiguration: tls), limit: handshakeLimit, servesTLS: true, sockets: sockets, metrics: metrics)
        }
        let listening = ListeningFlag()
        let app = Application(
            router: router, server: server,
            configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "tudy"),
            onServerRunning: { channel in
                await listening.set()
                await onRunning(channel.localAddress?.port ?? 0)
            },
            logger: logger)
        let metricsService = metricsExport.map { MetricsService(export: $0, logger: logger, onRunning: onMetrics) }
        do {
            if stopsOnSignals {
                let services: [any Service] = [app] + (metricsService.map { [$0] } ?? [])
                var configuration = ServiceGroupConfiguration(
                    services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
                // A connection that never finishes (one waiting on a database that went away) must
                // not keep the server from stopping: after 10 s the rest is cancelled.
                configuration.maximumGracefulShutdownDuration = .seconds(10)
                configuration.maximumCancellationDuration = .seconds(5)
                try await ServiceGroup(configuration: configuration).run()
            } else if let metricsService {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    group.addTask { try await app.run() }
                    group.addTask { try await metricsService.run() }
                    try await group.next()
                    group.cancelAll()
                }
            } else {
                try await app.run()
            }
        } catch {
            let wasListening = await listening.isSet
            if wasListening || error is CancellationError || error is StartError { throw error }
            throw StartError.cannotListen(address: "\(settings.host):\(settings.port)", reason: Self.listenFailure(error))
        }
    }

    /// A connection that asked to become a WebSocket: served as a client of the store.
    private static func upgrade(
        _ channel: any Channel, shared: ServerShared
    ) -> ShouldUpgradeResult<WebSocketDataHandler<HTTP1WebSocketUpgradeChannel.Context>> {
        let (addresses, metrics, logger) = (shared.addresses, shared.metrics, shared.logger)
        let peer = channel.remoteAddress?.description ?? "unknown peer"
        let address = channel.remoteAddress?.ipAddress ?? peer
        return .upgrade([:]) { inbound, outbound, _ in
            guard await addresses.open(address) else {
                metrics.refusal("too_many_connections")
                logger.notice("connection refused: too many from its address", metadata: ["peer": "\(peer)"])
                try? await outbound.close(
                    .policyViolation, reason: "too many connections from your address: at most \(addresses.limit)")
                return
            }
            let connection = ServerConnection(
                shared: shared, address: address, outbound: outbound, hangUp: { channel.close(promise: nil) })
            metrics.connectionOpened()
            defer { metrics.connectionClosed() }
            logger.info("connection opened", metadata: ["peer": "\(peer)"])
            await connection.start()
            var reason = await Self.serve(connection, inbound: inbound, outbound: outbound)
            let (requests, notReading) = await connection.end()
            if let notReading {
                metrics.refusal(notReading.reason)
                reason = notReading.line
            }
            await addresses.close(address)
            logger.info("connection closed", metadata: ["peer": "\(peer)", "requests": "\(requests)", "reason": "\(reason)"])
        }
    }

    /// Reads frames until the client leaves or must be sent away; why it ended.
    private static func serve(
        _ connection: ServerConnection, inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter
    ) async -> String {
        do {
            for try await message in inbound.messages(maxSize: WireCodec.maximumFrameSize) {
                guard case .text(let text) = message else {
                    try await outbound.close(.unacceptableData, reason: "binary frames are not spoken here")
                    return "a binary frame"
                }
                // In a child task of its own: the memory a request's calls take is the task's,
                // given back when it ends, where this long-lived one would keep it while the
                // connection lasts (a task keeps what its deepest call took).
                async let answered = connection.handle(text)
                if case .close(let code, let reason) = await answered {
                    await connection.close(code, reason: reason)
                    return reason
                }
            }
            return "the client left, or the server is stopping"
        } catch NIOSSLError.uncleanShutdown {
            // The client went without TLS's closing message: it left, as a plain client's close does.
            return "the client left without closing TLS"
        } catch {
            try? await outbound.close(.messageTooLarge, reason: "a message over 64 KiB")
            return "a message over 64 KiB, or a broken frame"
        }
    }
}

/// Whether the server got as far as listening: an error before that is one of starting.
actor ListeningFlag {
    private(set) var isSet = false

    func set() {
        isSet = true
    }
}
