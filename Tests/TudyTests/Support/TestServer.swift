import Foundation
import Logging
@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
import TudyRemote
import TudyServer

/// A `ChatServer` on a free loopback port inside the test process, over a store of the test's.
struct TestServer {
    let url: String
    let task: Task<Void, any Error>

    /// Starts serving `store` (on `port`, or a free one) and returns once the server listens.
    /// - Parameters:
    ///   - tls: PEM files: serve wss://.
    ///   - health: the store's database health, told to clients.
    ///   - endedSessions: the sessions that end on other servers of the store's database.
    ///   - handshakeLimit: how long a connection may take to become a WebSocket.
    ///   - writePatience: how long a frame may wait for its client to take it.
    ///   - queuedBytes: the bytes a client may leave waiting for it.
    ///   - connectionsPerAddress: connections open at once from one address.
    ///   - serverRequestsPerSecond: requests the whole server answers a second.
    ///   - failedSignInsPerNetwork: failed sign-ins its network may make; by default more than
    ///     any test makes, as every test's clients are on one network (loopback).
    ///   - log: where the server logs; by default it logs nothing.
    static func start(
        _ store: any ChatStore, port: Int = 0, tls: (certificate: String, key: String)? = nil,
        health: AsyncStream<StoreHealth>? = nil, endedSessions: AsyncStream<String>? = nil, handshakeLimit: Duration = .seconds(10),
        writePatience: Duration = ServerLimits.writePatience, queuedBytes: Int = ServerLimits.queuedBytesPerConnection,
        connectionsPerAddress: Int = ServerLimits.connectionsPerAddress, connections: Int = ServerLimits.connections,
        handshakesPerAddress: Int = ServerLimits.handshakesPerAddress,
        serverRequestsPerSecond: Int = ServerLimits.serverRequestsPerSecond, failedSignInsPerNetwork: Int = 1_000_000,
        log: ServerLog? = nil
    ) async throws -> TestServer {
        var logger = log?.logger ?? Logger(label: "tudy.test-server")
        if log == nil { logger.logLevel = .critical }
        let settings = ChatServer.Settings(
            host: "127.0.0.1", port: port, tls: tls, handshakeLimit: handshakeLimit, writePatience: writePatience,
            queuedBytesPerConnection: queuedBytes, connectionsPerAddress: connectionsPerAddress, connections: connections,
            handshakesPerAddress: handshakesPerAddress, serverRequestsPerSecond: serverRequestsPerSecond,
            failedSignInsPerNetwork: failedSignInsPerNetwork)
        let server = ChatServer(store: store, settings: settings, logger: logger, health: health, endedSessions: endedSessions)
        let (ports, listening) = AsyncStream.makeStream(of: Int.self)
        let task = Task {
            // A server that fails before it listens (its port still held) ends the wait below.
            defer { listening.finish() }
            try await server.run(stopsOnSignals: false) { listening.yield($0) }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else {
            try await task.value
            throw CancellationError()
        }
        return TestServer(url: "\(tls == nil ? "ws" : "wss")://127.0.0.1:\(port)", task: task)
    }

    /// The server again on the port it had, as its operator would start it after a stop. The
    /// port was free a moment ago, but any connection made meanwhile (by another test, in
    /// parallel) may have been given it as its own end: then it is tried again until that
    /// ends, for up to 10 s.
    static func restart(
        _ store: any ChatStore, port: Int, health: AsyncStream<StoreHealth>? = nil, log: ServerLog? = nil
    ) async throws -> TestServer {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            do {
                return try await start(store, port: port, health: health, log: log)
            } catch ChatServer.StartError.cannotListen where ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// A store for a test server, in memory, on the wall clock (a server restarted on it keeps
    /// the same data, as a SQLite file would).
    static func memoryStore() -> InMemoryChatStore {
        InMemoryChatStore(clock: WallClock { Date() }, hasher: Argon2idPasswordHasher(cost: .testing))
    }

    /// Stops serving (its clients see the connection drop) and waits until it has.
    func stop() async {
        task.cancel()
        _ = await task.result
    }

    var port: Int { Int(url.split(separator: ":").last ?? "") ?? 0 }

    /// A client of this server, connected.
    func client(requestTimeout: Duration = .seconds(10)) async throws -> RemoteChatStore {
        var logger = Logger(label: "tudy.test-client")
        logger.logLevel = .critical
        let store = RemoteChatStore(urls: [url], requestTimeout: requestTimeout, logger: logger)
        try await store.connect()
        return store
    }
}
