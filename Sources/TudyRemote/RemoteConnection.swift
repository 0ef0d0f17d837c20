import Foundation
import HummingbirdWSClient
import Logging
import NIOSSL
import NIOWebSocket
import TudyCore
import TudyWire

/// The WebSocket to a tudy server, kept open: requests wait for their replies by id; pushed
/// changes go to their subscriptions. When the connection drops it says so, reconnects with
/// backoff (to the next server given, if several were), signs in again with its session,
/// sends again what had no reply (the server does each keyed request once), and subscribes
/// again from the last message seen.
actor RemoteConnection {
    private let urls: [String]
    private let tls: TLSConfiguration
    private let requestTimeout: Duration
    let logger: Logger
    let codec = WireCodec()
    private var urlIndex = 0
    var outbound: WebSocketOutboundWriter?
    var pending: [Int: PendingRequest] = [:]
    var subscriptions: [Int: RemoteSubscription] = [:]
    private let reports: ConnectionReportHub
    /// The token of the session this connection signed in with: the first frame of each
    /// connection it makes resumes it, since every request after acts as its session.
    private var session: String?
    /// The id of the resume sent as a new connection's first frame, until it is answered.
    var resumeID: Int?
    /// The resume was refused while the server's database was down: it goes again, first,
    /// once the database is back.
    var resumesWhenBack = false
    /// The session ended (logged out, here or elsewhere, or expired): this connection is over.
    var isEnded = false
    var nextID = 1
    private var running: Task<Void, Never>?
    private var connectWaiters: [CheckedContinuation<Void, Never>] = []
    private var hasBeenConnected = false
    /// Each server's lasting problem, while none has been reached yet.
    private var startProblems: [String: ConnectProblem] = [:]
    private var isLost = false
    /// The server said its database is down, and has not yet said it is back.
    var isDatabaseDown = false
    /// The connection is being closed for good: no reconnecting, and no notice that it was lost.
    var isClosing = false
    /// What the client sends keeps under the server's rate for a connection, with room to
    /// spare for the network bunching requests up: a fast script is slowed, never cut off.
    private var pace = RequestRate(
        perSecond: ServerLimits.requestsPerSecond * 9 / 10, burst: ServerLimits.requestBurst / 2)

    /// - Parameter session: the token to sign in with, on each connection made; nil for a
    ///   connection that has not signed in (yet: `signedIn(as:)`).
    init(
        urls: [String], tls: TLSConfiguration, requestTimeout: Duration, session: String?, reports: ConnectionReportHub,
        logger: Logger
    ) {
        self.urls = urls
        self.tls = tls
        self.requestTimeout = requestTimeout
        self.session = session
        self.reports = reports
        self.logger = logger
    }

    /// The connection signed in with `token`: after a reconnection, it resumes that session first.
    func signedIn(as token: String) {
        session = token
    }

    var url: String { urls[urlIndex] }

    /// How often the server is pinged; one that does not answer by the next ping is given up.
    static let pingPeriod = Duration.seconds(3)

    // MARK: - Requests

    /// Sends a request and waits for its reply; a store error in the reply is thrown as such.
    /// While the connection is down, a request that changes something waits for it to come back
    /// (up to the request time); a question fails at once, so that a screen or the prompt
    /// never hangs on it.
    func call(_ request: WireRequest) async throws -> WireFrame {
        try await call(request, expires: true, onReply: nil)
    }

    /// - Parameter expires: whether it fails after the request time; one that does not waits
    ///   through any number of reconnections and outages of the database.
    func call(
        _ request: WireRequest, expires: Bool, onReply: (@Sendable (WireFrame) -> Void)?
    ) async throws -> WireFrame {
        if isEnded { throw StoreError.sessionEnded }
        start()
        // A question the person waits on fails at once while the connection or the database is
        // away, so that a screen or the prompt never hangs on it.
        let waits = request.op.changesStore || !expires
        if isLost && !waits { throw RemoteStoreError.disconnected(url: url) }
        if isDatabaseDown && !waits { throw RemoteStoreError.databaseDown(url: url) }
        let pause = pace.reserve()
        if pause > .zero { try await Task.sleep(for: pause) }
        var request = request
        request.id = nextID
        nextID += 1
        if request.op.changesStore && request.key == nil { request.key = UUID().uuidString }
        let id = request.id
        let timeout = requestTimeout
        let timer = expires ? Task { [weak self] in
            try? await Task.sleep(for: timeout)
            await self?.expire(id)
        } : nil
        defer { timer?.cancel() }
        // Ctrl-C at a terminal cancels the command: the prompt comes back at once, whether the
        // server is slow or away.
        let frame = try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                pending[id] = PendingRequest(request: request, continuation: continuation, onReply: onReply, isHeld: isDatabaseDown)
                if let outbound, !isDatabaseDown { send(id, on: outbound) }
            }
        } onCancel: {
            Task { await self.interrupt(id) }
        }
        if let error = frame.error {
            throw error.storeError ?? RemoteStoreError.refused(code: error.code, message: error.message)
        }
        return frame
    }

    private func expire(_ id: Int) {
        guard let expired = pending.removeValue(forKey: id) else { return }
        if isDatabaseDown { return expired.continuation.resume(throwing: RemoteStoreError.databaseDown(url: url)) }
        let seconds = Int(requestTimeout.components.seconds)
        expired.continuation.resume(throwing: RemoteStoreError.unreachable(url: url, seconds: seconds))
    }

    /// A request given up by the one who asked (`call`'s task was cancelled): it is not sent
    /// again, and its reply, if one comes, is dropped.
    private func interrupt(_ id: Int) {
        guard let waiting = pending.removeValue(forKey: id) else { return }
        guard waiting.request.op.changesStore else { return waiting.continuation.resume(throwing: CancellationError()) }
        waiting.continuation.resume(throwing: RemoteStoreError.interrupted(url: url, wasSent: waiting.wasSent))
    }

    func send(_ id: Int, on outbound: WebSocketOutboundWriter) {
        pending[id]?.wasSent = true
        if let request = pending[id]?.request { write(request, on: outbound) }
    }

    func write(_ request: WireRequest, on outbound: WebSocketOutboundWriter) {
        guard let text = try? codec.encode(request) else { return }
        Task { try? await outbound.write(.text(text)) }
    }

    // MARK: - The connection

    /// Connects now, or fails when no server answers within the request time.
    /// - Throws: `RemoteStoreError.cannotConnect` at once when every server given fails in a
    ///   lasting way; `RemoteStoreError.notReached`, naming every server, after the request time.
    /// - Returns: the features the server says it has beyond its version's operations.
    func connect() async throws -> Set<String> {
        start()
        var hello = WireRequest(op: .hello)
        hello.version = WireCodec.version
        do {
            return Set(try await call(hello).features ?? [])
        } catch RemoteStoreError.unreachable(_, let seconds) {
            throw RemoteStoreError.notReached(urls: urls, seconds: seconds)
        }
    }

    private func start() {
        guard running == nil else { return }
        running = Task { [weak self] in await self?.keepConnected() }
    }

    private func keepConnected() async {
        var backoff = ReconnectBackoff()
        var random = SystemRandomNumberGenerator()
        while !Task.isCancelled && !isClosing {
            let url = self.url
            let connectedAt = ContinuousClock.now
            do {
                let closing = try await WebSocketClient.connect(
                    url: url,
                    // A connection that stops answering (a server gone without closing it, a
                    // network that dropped it silently) is given up within two pings, and
                    // tudy reconnects, rather than wait on it for ever.
                    configuration: .init(maxFrameSize: WireCodec.maximumReplySize, autoPing: .enabled(timePeriod: Self.pingPeriod)),
                    tlsConfiguration: url.hasPrefix("wss://") ? tls : nil, logger: logger
                ) { inbound, outbound, _ in
                    await self.opened(outbound)
                    for try await message in inbound.messages(maxSize: WireCodec.maximumReplySize) {
                        if case .text(let text) = message { await self.received(text) }
                    }
                }
                // Closed by the server because the session was logged out: over for good.
                if closing?.closeCode == WebSocketErrorCode(codeNumber: WireCodec.sessionEndedCloseCode) { sessionEnded() }
            } catch {
                logger.debug("connection failed", metadata: ["error": "\(error)"])
                if !hasBeenConnected && givesUp(on: url, after: error) { return }
            }
            closed()
            if isClosing { return }
            if ContinuousClock.now - connectedAt > .seconds(5) { backoff.reset() }
            if urls.count > 1 { urlIndex = (urlIndex + 1) % urls.count }
            try? await Task.sleep(for: backoff.next(using: &random))
        }
    }

    /// Before any server was reached: once every server given has failed in a way that waiting
    /// would not mend, what waits fails at once, naming each problem, and trying stops (the
    /// next request starts again). A time-out or a dropped attempt is still waited out.
    private func givesUp(on url: String, after error: any Error) -> Bool {
        startProblems[url] = ConnectProblem.of(error)
        guard startProblems.count == Set(urls).count else { return false }
        let failure = RemoteStoreError.cannotConnect(urls: urls, problems: urls.map { startProblems[$0]! })
        for waiting in pending.values { waiting.continuation.resume(throwing: failure) }
        pending = [:]
        startProblems = [:]
        running = nil
        return true
    }

    private func opened(_ writer: WebSocketOutboundWriter) async {
        // Signed in before anything else is sent: the server takes frames in order, and acts
        // for the session in every request after.
        await resume(on: writer)
        outbound = writer
        // This server says so at once if its database is down.
        isDatabaseDown = false
        if isLost {
            isLost = false
            announce("reconnected to \(url)", isAway: isDatabaseDown)
        }
        hasBeenConnected = true
        // What had no reply goes again, in the order it was asked.
        for id in pending.keys.sorted() {
            pending[id]!.isHeld = false
            send(id, on: writer)
        }
        resubscribe()
    }

    func resume(on writer: WebSocketOutboundWriter) async {
        guard let session else { return }
        var request = WireRequest(id: nextID, op: .resume)
        nextID += 1
        request.token = session
        resumeID = request.id
        resumesWhenBack = false
        guard let text = try? codec.encode(request) else { return }
        try? await writer.write(.text(text))
    }

    private func closed() {
        outbound = nil
        if hasBeenConnected && !isLost && !isClosing {
            isLost = true
            announce("lost the connection to \(url): reconnecting…", isAway: true)
        }
    }

    func announce(_ line: String, isAway: Bool) {
        reports.report(ConnectionReport(line, isAway: isAway), from: self)
    }

    /// Closes the connection for good, as a client should: a close frame, which the server
    /// answers, and then the connection's end, TLS's closing message included (a server saw an
    /// abrupt end, even at /quit). A server that does not answer is waited for a second at most.
    func close() async {
        let task = running
        running = nil
        if let outbound {
            isClosing = true
            try? await outbound.close(.normalClosure, reason: nil)
            // Whichever comes first ends the wait. (A task group would wait for both: a task's
            // value is awaited to its end, cancelled or not, and a server that answers no
            // frame while it works on a request kept /quit waiting until it was done.)
            let (ended, end) = AsyncStream.makeStream(of: Void.self)
            let closing = Task { await task?.value; end.finish() }
            let patience = Task { try? await Task.sleep(for: .seconds(1)); end.finish() }
            for await _ in ended {}
            closing.cancel()
            patience.cancel()
        }
        task?.cancel()
        for waiting in pending.values { waiting.continuation.resume(throwing: CancellationError()) }
        pending = [:]
        subscriptions.values.forEach { $0.continuation.finish() }
        subscriptions = [:]
    }
}
