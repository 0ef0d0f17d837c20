import Foundation
import HummingbirdWebSocket
import NIOWebSocket
import Logging
import TudyCore
import TudyWire

/// One client's WebSocket: reads its requests in order, answers each, and pushes the
/// changes of the sessions it subscribed.
actor ServerConnection {
    /// What becomes of the connection after a frame.
    enum Verdict: Equatable {
        case goOn
        case close(WebSocketErrorCode, String)
    }

    let service: WireService
    private let outbound: WebSocketOutboundWriter
    let replies: ReplyCache
    let health: StoreHealthBoard
    let logger: Logger
    let codec = WireCodec()
    var rate: RequestRate
    let serverRate: ServerRate
    /// Each subscription's task, and the user it is counted for in `userSubscriptions`.
    var subscriptions: [Int: (task: Task<Void, Never>, holder: String)] = [:]
    /// The live changes held behind each subscription's catch-up while it is sent.
    var held: [Int: HeldChanges] = [:]
    let userSubscriptions: OpenCounts
    var nextSubscription = 1
    var signInMistakes = 0
    var requestCount = 0
    private var tellingHealth: Task<Void, Never>?
    /// Hangs up on the client once a frame has waited for it too long.
    private let patience: WritePatience
    private let hangUp: @Sendable () -> Void
    let metrics: ServerMetrics
    /// What the client is owed and has not taken yet, handed to the socket by `writer`.
    private var queue = OutboundQueue()
    private var writer: Task<Void, Never>?
    private let queueLimit: Int
    /// The client let more than `queueLimit` bytes wait for it, and is being sent away.
    var overflowed = false
    /// The session the connection signed in with (`sign_up`, `log_in` or `resume`): every
    /// later request acts as it, whatever a request names.
    var signedIn: Session?
    /// Whose connections it counts among in `userConnections`, while signed in.
    private var holder: String?
    let userConnections: OpenCounts
    /// Its session was logged out: every later frame closes the connection.
    var isLoggedOut = false
    /// It asked for its session's logout, and ends the session itself once it is answered.
    var isLoggingOut = false
    let connections: SignedInConnections
    /// The changes pushed last, encoded once for every connection of the server.
    let encoded: EncodedChanges

    /// A connection of the server that shares `shared`, from `address`.
    /// - Parameter hangUp: closes the connection at once, whatever waits to be written.
    init(
        shared: ServerShared, address: String, outbound: WebSocketOutboundWriter, hangUp: @escaping @Sendable () -> Void
    ) {
        service = shared.service.answering(address)
        self.outbound = outbound
        (replies, health, serverRate) = (shared.replies, shared.health, shared.serverRate)
        (userSubscriptions, userConnections) = (shared.userSubscriptions, shared.userConnections)
        (connections, encoded) = (shared.signedIn, shared.encoded)
        rate = RequestRate()
        patience = WritePatience(shared.settings.writePatience, hangUp: hangUp)
        queueLimit = shared.settings.queuedBytesPerConnection
        self.hangUp = hangUp
        (metrics, logger) = (shared.metrics, shared.logger)
    }

    /// Tells the client how the database is: at once when it is down, then each change.
    func start() async {
        let changes = await health.watch()
        tellingHealth = Task { [weak self] in
            for await health in changes { await self?.enqueue(.status(health)) }
        }
    }

    /// Signs the connection in, unless its user has `ServerLimits.connectionsPerUser` already.
    func signIn(_ session: Session) async -> Bool {
        let holder = Accounts.key(session.user.name)
        guard await userConnections.open(holder) else { return false }
        (signedIn, self.holder) = (session, holder)
        await connections.add(self, session: session.token.hash)
        return true
    }

    /// The connection no longer counts among its user's.
    private func signOut() async {
        if let holder { await userConnections.close(holder) }
        (signedIn, holder) = (nil, nil)
    }

    /// Its session was logged out on another connection: nothing more of it is told here, and
    /// the client is sent away.
    func sessionLoggedOut() async {
        // Its own logout (told back by the database, on PostgreSQL) is ended where it is answered.
        guard signedIn != nil, !isLoggingOut else { return }
        await endSession()
        // Told and closed in a task of its own: the logout that asked is not kept waiting on
        // a client that reads slowly.
        Task {
            if case .close(let code, let reason) = Self.loggedOut { await close(code, reason: reason) }
            await hangUpAfterPatience()
        }
    }

    /// Ends the session here: its subscriptions stop at once, and every later frame closes
    /// the connection.
    func endSession() async {
        await signOut()
        isLoggedOut = true
        await endSubscriptions()
    }

    static let loggedOutReason = "the session was logged out"
    /// How a connection whose session was logged out is closed: by a code its client knows.
    static let loggedOut = Verdict.close(WebSocketErrorCode(codeNumber: WireCodec.sessionEndedCloseCode), loggedOutReason)

    /// Writes a frame once those before it were taken: a reply, or a page of a catch-up, so
    /// that a client is given them no faster than it reads.
    func write(_ frame: WireFrame) async {
        guard let text = try? codec.encode(frame) else { return }
        await send(text)
    }

    func send(_ text: String) async {
        await drained()
        enqueue(text)
    }

    func enqueue(_ frame: WireFrame) {
        guard let text = try? codec.encode(frame) else { return }
        enqueue(text)
    }

    /// Queues a frame for the writer. One that would take the queue past `queueLimit` sends
    /// the client away: it is not reading what it is owed. A frame alone is always queued,
    /// so that no reply is too big for the queue.
    func enqueue(_ text: String) {
        guard !patience.gaveUp, !overflowed else { return }
        guard queue.isEmpty || queue.bytes + text.utf8.count <= queueLimit else {
            overflow()
            return
        }
        queue.append(text)
        metrics.queued(text.utf8.count)
        if writer == nil { writer = Task { await self.writeQueued() } }
    }

    private func writeQueued() async {
        while let text = queue.popFirst() {
            metrics.queued(-text.utf8.count)
            await writeWaiting(text)
        }
        writer = nil
    }

    /// Returns once every frame queued was handed to the socket.
    private func drained() async {
        while let writer { await writer.value }
    }

    /// Writes a frame, which waits while the client's socket is full; a client that takes
    /// nothing for its patience has stopped reading, and is hung up on, so that what it is
    /// owed does not pile up in the server.
    private func writeWaiting(_ text: String) async {
        await patience.write { try await self.outbound.write(.text(text)) }
    }

    /// Why a client whose queue passed `queueLimit` is sent away.
    private var overflowReason: String {
        "you did not take what you were sent: over \(queueLimit / 1024) KiB waited for you"
    }

    var overflowVerdict: Verdict { .close(.policyViolation, overflowReason) }

    /// Drops what the client is owed, ends its subscriptions and sends it away, telling it why
    /// if it takes the closing frame within its patience.
    private func overflow() {
        overflowed = true
        metrics.queued(-queue.bytes)
        queue.removeAll()
        logger.notice("connection sent away: its queue passed the cap", metadata: ["bytes": "\(queueLimit)"])
        Task {
            await endSubscriptions()
            await close(.policyViolation, reason: overflowReason)
            await hangUpAfterPatience()
        }
    }

    /// Hangs up on a client that was sent its closing frame, unless it closes within
    /// its patience: the connection would otherwise last as long as the client keeps it.
    private func hangUpAfterPatience() async {
        guard (try? await Task.sleep(for: patience.patience)) != nil else { return }
        hangUp()
    }

    /// Closes the connection once what is queued was written (or the client was hung up on).
    func close(_ code: WebSocketErrorCode, reason: String) async {
        await drained()
        await patience.write { try await self.outbound.close(code, reason: reason) }
    }

    func errorFrame(id: Int?, _ error: WireError) -> WireFrame {
        var frame = WireFrame(type: .reply, id: id)
        frame.error = error
        return frame
    }

    /// Stops every subscription, the connection being over; how many requests it answered,
    /// and why it was sent away for not reading, if it was: the refusal's reason, and a line.
    func end() async -> (requests: Int, notReading: (reason: String, line: String)?) {
        tellingHealth?.cancel()
        if let signedIn { await connections.remove(self, session: signedIn.token.hash) }
        await signOut()
        await endSubscriptions()
        writer?.cancel()
        metrics.queued(-queue.bytes)
        queue.removeAll()
        let notReading: (String, String)? = patience.gaveUp
            ? ("not_reading", "hung up: it took no frame for \(patience.patience.components.seconds) s")
            : overflowed ? ("queue_full", "sent away: over \(queueLimit / 1024) KiB waited for it") : nil
        return (requestCount, notReading)
    }
}

extension WireFrame {
    /// The same reply, for a repeat of the request under a new id.
    func answering(_ id: Int) -> WireFrame {
        var copy = self
        copy.id = id
        return copy
    }
}
