import Foundation
import HummingbirdWebSocket
import NIOWebSocket
import Logging
import TudyKit

/// One client's WebSocket: reads its requests in order, answers each, and pushes the
/// changes of the sessions it subscribed.
actor ServerConnection {
    /// What becomes of the connection after a frame.
    enum Verdict: Equatable {
        case goOn
        case close(WebSocketErrorCode, String)
    }

    private let service: WireService
    private let outbound: WebSocketOutboundWriter
    private let replies: ReplyCache
    private let health: StoreHealthBoard
    private let logger: Logger
    private let codec = WireCodec()
    private var rate: RequestRate
    private let serverRate: ServerRate
    /// Each subscription's task, and the user it is counted for in `userSubscriptions`.
    private var subscriptions: [Int: (task: Task<Void, Never>, holder: String)] = [:]
    /// The live changes held behind each subscription's catch-up while it is sent.
    private var held: [Int: HeldChanges] = [:]
    private let userSubscriptions: OpenCounts
    private var nextSubscription = 1
    private var signInMistakes = 0
    private var requestCount = 0
    private var tellingHealth: Task<Void, Never>?
    /// Hangs up on the client once a frame has waited for it too long.
    private let patience: WritePatience
    private let hangUp: @Sendable () -> Void
    private let metrics: ServerMetrics
    /// What the client is owed and has not taken yet, handed to the socket by `writer`.
    private var queue = OutboundQueue()
    private var writer: Task<Void, Never>?
    private let queueLimit: Int
    /// The client let more than `queueLimit` bytes wait for it, and is being sent away.
    private var overflowed = false
    /// The session the connection signed in with (`sign_up`, `log_in` or `resume`): every
    /// later request acts as it, whatever a request names.
    private var signedIn: Session?
    /// Whose connections it counts among in `userConnections`, while signed in.
    private var holder: String?
    private let userConnections: OpenCounts
    /// Its session was logged out: every later frame closes the connection.
    private var isLoggedOut = false
    /// It asked for its session's logout, and ends the session itself once it is answered.
    private var isLoggingOut = false
    private let connections: SignedInConnections
    /// The changes pushed last, encoded once for every connection of the server.
    private let encoded: EncodedChanges

    /// - Parameter hangUp: closes the connection at once, whatever waits to be written.
    init(
        service: WireService, outbound: WebSocketOutboundWriter, replies: ReplyCache, health: StoreHealthBoard,
        rate: RequestRate, serverRate: ServerRate, userSubscriptions: OpenCounts, userConnections: OpenCounts,
        connections: SignedInConnections, encoded: EncodedChanges,
        writePatience: Duration, queueLimit: Int,
        hangUp: @escaping @Sendable () -> Void,
        metrics: ServerMetrics, logger: Logger
    ) {
        self.service = service
        self.outbound = outbound
        self.replies = replies
        self.health = health
        self.rate = rate
        self.serverRate = serverRate
        self.userSubscriptions = userSubscriptions
        self.connections = connections
        self.encoded = encoded
        self.userConnections = userConnections
        self.patience = WritePatience(writePatience, hangUp: hangUp)
        self.queueLimit = queueLimit
        self.hangUp = hangUp
        self.metrics = metrics
        self.logger = logger
    }

    /// Tells the client how the database is: at once when it is down, then each change.
    func start() async {
        let changes = await health.watch()
        tellingHealth = Task { [weak self] in
            for await health in changes { await self?.enqueue(.status(health)) }
        }
    }

    /// Answers one text frame.
    func handle(_ text: String) async -> Verdict {
        if isLoggedOut { return Self.loggedOut }
        if overflowed { return overflowVerdict }
        guard rate.admit() else {
            metrics.refusal("too_many_requests")
            return .close(.policyViolation, "too many requests: at most \(rate.perSecond) a second")
        }
        guard let request = try? codec.decode(WireRequest.self, from: text) else {
            // A request of a newer protocol is answered, not taken for garbage: its client
            // learns what this server lacks, and the connection goes on.
            if let asked = try? codec.decode(OperationAsked.self, from: text), WireRequest.Operation(rawValue: asked.op) == nil {
                requestCount += 1
                metrics.refusal("unknown_operation")
                await write(errorFrame(id: asked.id, WireError(
                    code: "unknown_operation",
                    message: "this server does not know '\(asked.op.prefix(40))': it is older than your tudy; its hello lists what it knows")))
                return .goOn
            }
            await write(errorFrame(id: nil, WireError(code: "not_json", message: "a frame must be one JSON request")))
            return .close(.unacceptableData, "a frame that is not a JSON request")
        }
        requestCount += 1
        metrics.request(request.op.rawValue)
        guard request.textsAreBounded else {
            metrics.refusal(WireError(StoreError.tooManyMarks).code)
            await write(errorFrame(id: request.id, WireError(StoreError.tooManyMarks)))
            return .goOn
        }
        guard serverRate.admit() else {
            metrics.refusal("server_busy")
            await write(errorFrame(id: request.id, WireError(
                code: "server_busy",
                message: "the server is answering more than \(serverRate.perSecond) requests a second from everyone: try again in a moment")))
            return .goOn
        }
        guard let frame = await answer(request) else { return .goOn }
        if request.op == .logIn { metrics.login(frame.error?.code ?? "ok") }
        guard let text = try? codec.encode(frame), text.utf8.count <= WireCodec.maximumReplySize else {
            metrics.refusal("reply_too_large")
            await write(errorFrame(id: request.id, WireError(
                code: "reply_too_large",
                message: "the answer is over \(WireCodec.maximumReplySize / 1024 / 1024) MiB: ask for fewer at a time")))
            return .goOn
        }
        await send(text)
        if isLoggedOut { return Self.loggedOut }
        // Each costs the server a database's work or a password's hash: one connection may not
        // make them without end (it may open another, which costs it a handshake).
        if let error = frame.error, request.op.signsIn || error.code == "session_ended" {
            signInMistakes += 1
            if signInMistakes >= ServerLimits.failedSignInsPerConnection {
                metrics.refusal("too_many_failed_sign_ins")
                return .close(.policyViolation, "too many failed sign-ins: at most \(ServerLimits.failedSignInsPerConnection) on a connection")
            }
        }
        return .goOn
    }

    /// The reply, or nil when it was written already (a subscription's comes before its changes).
    private func answer(_ request: WireRequest) async -> WireFrame? {
        if request.op != .hello && request.op != .unsubscribe, case .down = await health.current {
            // Waiting on a database that is gone would only keep the person waiting: the client
            // holds what it sends until the status frame says the database is back.
            return databaseDown(id: request.id)
        }
        do {
            switch request.op {
            case .subscribe: return try await subscribe(request)
            case .presence: return try await presence(request)
            case .unsubscribe:
                if let id = request.subscription, let ended = subscriptions.removeValue(forKey: id) {
                    ended.task.cancel()
                    await close(id, ended)
                }
                return .reply(to: request.id)
            case .hello:
                guard request.version == WireCodec.version else {
                    return errorFrame(id: request.id, WireError(
                        code: "unsupported_version",
                        message: "this server speaks protocol \(WireCodec.version), not \(request.version ?? 0): use a tudy of the same version"))
                }
                return try await service.answer(request, signedInAs: signedIn)
            case .signUp, .logIn, .resume:
                // A connection is one person's: it signs in once, and a resume of its own session
                // (a client's first frame after it reconnects) is the only repeat.
                if let signedIn, !(request.op == .resume && request.token == signedIn.token.text) {
                    return errorFrame(id: request.id, WireError(
                        code: "already_signed_in",
                        message: "this connection is signed in already: to sign in as someone else, open another connection"))
                }
                let frame = try await answerOnce(request)
                guard signedIn == nil, let answered = frame.session else { return frame }
                let session = Session(user: answered.user, token: SessionToken(text: answered.token))
                guard await signIn(session) else {
                    metrics.refusal("too_many_connections")
                    // A login made for this connection alone is not left unused for its 30 days.
                    if request.op != .resume { try? await service.store.logOut(session) }
                    return errorFrame(id: request.id, WireError(
                        code: "too_many_connections",
                        message: "\(session.user.name) has \(ServerLimits.connectionsPerUser) connections signed in to this server, the most one may: end a tudy of yours first"))
                }
                return frame
            case .logOut:
                isLoggingOut = true
                defer { isLoggingOut = false }
                let frame = try await answerOnce(request)
                if frame.error == nil, let signedIn {
                    await connections.endSession(signedIn.token.hash, loggedOutBy: self)
                    await endSession()
                }
                return frame
            default:
                return try await answerOnce(request)
            }
        } catch let error as StoreError {
            return errorFrame(id: request.id, WireError(error))
        } catch let error as WireService.BadRequest {
            return errorFrame(id: request.id, WireError(code: "bad_request", message: error.message))
        } catch where Outage.matches(error) {
            // Cut short by the database's loss, before the health board heard of it: answered as
            // every request is while it is gone once the board hears (the client then holds it
            // until the status frame says the database is back, which the board's report makes
            // sure comes); a loss the board never hears of was this request's alone.
            if await health.isDown(within: StoreHealthBoard.lossNoticeTime) { return databaseDown(id: request.id) }
            logger.error("request failed", metadata: ["op": "\(request.op.rawValue)", "error": "\(ErrorReport.message(for: error))"])
            return errorFrame(id: request.id, WireError(code: "server_error", message: "the server could not do that: try again"))
        } catch {
            logger.error("request failed", metadata: ["op": "\(request.op.rawValue)", "error": "\(ErrorReport.message(for: error))"])
            return errorFrame(id: request.id, WireError(code: "server_error", message: "the server could not do that: try again"))
        }
    }

    private func databaseDown(id: Int) -> WireFrame {
        errorFrame(id: id, WireError(
            code: WireError.databaseDownCode,
            message: "the server lost its database and is reconnecting to it: try again in a moment"))
    }

    /// The store's answer, given once for a keyed request that changes the store: a repeat
    /// of it (the client sends again what had no reply after a reconnection) gets the same.
    private func answerOnce(_ request: WireRequest) async throws -> WireFrame {
        guard request.op.changesStore, let key = request.key else {
            return try await service.answer(request, signedInAs: signedIn)
        }
        guard key.utf8.count <= 100 else { throw WireService.BadRequest(message: "a key is at most 100 bytes") }
        // A send's key is the store's own (kept with the message, checked after the
        // sender's membership): a cached reply would answer a retry from a room left since.
        if request.op == .send { return try await service.answer(request, signedInAs: signedIn) }
        // The session and the whole request are the scope, not the key alone: a key reused for
        // another request (another room, another text) is the store's to answer, and a reply is
        // never given to another session.
        var asked = request
        (asked.id, asked.token) = (0, nil)
        let scope = (signedIn?.token.hash ?? "-") + " " + ((try? codec.encode(asked)) ?? key)
        let (service, session, logger) = (service, signedIn, logger)
        let (frame, isRepeat) = try await replies.reply(for: scope) {
            // Its client lost the connection it was first sent on while it was answered there.
            logger.info("a request sent again waits for the answer to its first", metadata: ["op": "\(request.op.rawValue)"])
        } answer: {
            try await service.answer(request, signedInAs: session)
        }
        guard isRepeat else { return frame }
        // Only while the session lasts: one logged out since is refused like any other.
        if signedIn != nil { _ = try await service.checkedSession(signedIn) }
        return frame.answering(request.id)
    }

    /// The members of a room of the user's who have a connection signed in to this server now
    /// (`/members`): what the server knows of the moment, never stored.
    private func presence(_ request: WireRequest) async throws -> WireFrame {
        guard let roomID = request.roomID else { throw WireService.BadRequest(message: "presence needs room_id") }
        let room = try await service.store.room(id: roomID, for: try service.session(signedIn))
        var reply = WireFrame.reply(to: request.id)
        var names: [String] = []
        for member in room.members where await userConnections.isOpen(Accounts.key(member.name)) { names.append(member.name) }
        reply.names = names
        return reply
    }

    /// Signs the connection in, unless its user has `ServerLimits.connectionsPerUser` already.
    private func signIn(_ session: Session) async -> Bool {
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
    private func endSession() async {
        await signOut()
        isLoggedOut = true
        await endSubscriptions()
    }

    static let loggedOutReason = "the session was logged out"
    /// How a connection whose session was logged out is closed: by a code its client knows.
    static let loggedOut = Verdict.close(WebSocketErrorCode(codeNumber: WireCodec.sessionEndedCloseCode), loggedOutReason)

    /// How far back in each room a client that was away is sent again the messages that are
    /// edited or unsent: as far as a room's screen shows when it opens.
    static let changedCatchUpDepth = 100

    /// Starts pushing a session's changes; after a reconnection (`since`), first what came since.
    ///
    /// In each room the catch-up and the live stream meet at a horizon: the room's newest
    /// message, read after the stream has begun. Within a room ids are given in commit order, so
    /// every message up to its horizon was committed before it was read, and the room's read
    /// finds it; every message past it comes on the stream. Across rooms ids are in no such
    /// order (on PostgreSQL, sends to two rooms commit in either order), so nothing here compares
    /// one room's ids with another's: a client says where it stands in each room
    /// (`since_rooms`), and is told each room's horizon (`room_cursors`). What is pushed has no
    /// gap and nothing twice in any room, however many rooms there are and whatever commits
    /// meanwhile.
    private func subscribe(_ request: WireRequest) async throws -> WireFrame? {
        guard subscriptions.count < ServerLimits.subscriptionsPerConnection else {
            metrics.refusal("too_many_subscriptions")
            return errorFrame(id: request.id, WireError(
                code: "too_many_subscriptions",
                message: "a connection holds at most \(ServerLimits.subscriptionsPerConnection) subscriptions: one covers all your rooms, so unsubscribe one first"))
        }
        let session = try service.session(signedIn)
        let holder = Accounts.key(session.user.name)
        guard await userSubscriptions.open(holder) else {
            metrics.refusal("too_many_subscriptions")
            return errorFrame(id: request.id, WireError(
                code: "too_many_subscriptions",
                message: "\(session.user.name) holds \(ServerLimits.subscriptionsPerUser) subscriptions on this server, the most one may: end a tudy of yours first"))
        }
        // Counted from here; given back if the subscription is not made after all.
        var isMade = false
        defer { if !isMade { Task { await userSubscriptions.close(holder) } } }
        let stream = try await service.store.changes(for: session)
        let rooms = try await service.store.rooms(of: session)
        // Where the client stands in each room; a client before `since_rooms` gives one id for all.
        let asked = Dictionary((request.sinceRooms ?? []).map { ($0.roomID, $0.messageID) }) { first, _ in first }
        let since = { (roomID: Int) in asked[roomID] ?? request.since }
        var horizons: [Int: Int] = [:]
        for summary in rooms { horizons[summary.room.id] = max(since(summary.room.id) ?? 0, summary.lastMessage?.id ?? 0) }
        // For a client before `room_cursors`, which sends it back as `since`.
        let horizon = max(request.since ?? 0, horizons.values.max() ?? 0)
        // Edits and unsends are kept as no events, so a client that was away gets every recent
        // message that is no longer as sent; it prints only those that differ from what it showed.
        var changed: [Message] = []
        for summary in rooms {
            guard let since = since(summary.room.id) else { continue }
            let recent = try await service.store.messages(
                in: summary.room.id, for: session, before: nil, limit: Self.changedCatchUpDepth)
            changed += recent.messages.filter { $0.id <= since && $0.status != .sent }
        }
        let behind = rooms.compactMap { summary in
            since(summary.room.id).map { CatchUp.Room(id: summary.room.id, after: $0, horizon: horizons[summary.room.id] ?? 0) }
        }
        let missed = behind.isEmpty ? nil : CatchUp(store: service.store, session: session, rooms: behind)
        let id = nextSubscription
        nextSubscription += 1
        var reply = WireFrame.reply(to: request.id)
        reply.subscription = id
        // Where a catch-up after the next reconnection starts, if nothing comes before it.
        reply.messageID = horizon
        reply.roomCursors = horizons.sorted { $0.key < $1.key }.map { WireRoomCursor(roomID: $0.key, messageID: $0.value) }
        // The rooms as they are now, from which a client that was away learns who came and went:
        // their members only, not their last messages, which the catch-up tells.
        reply.rooms = rooms.map { RoomSummary(room: $0.room, lastMessage: nil, unreadCount: 0) }
        await write(reply)
        metrics.subscriptionStarted()
        isMade = true
        let catchesUp = !changed.isEmpty || missed != nil
        if catchesUp { held[id] = HeldChanges() }
        subscriptions[id] = (Task { [weak self, changed, horizons] in
            await withTaskGroup(of: Void.self) { group in
                // The live changes are queued as they come (held, bounded, while the catch-up
                // is sent), so that a client that does not take them is found by its queue.
                group.addTask { [weak self] in
                    for await change in stream {
                        // Up to its room's horizon, the catch-up told it (or it came before the client asked).
                        if case .message(let message) = change, message.id <= horizons[message.roomID] ?? 0 { continue }
                        guard let self, await self.receiveLive(change, subscription: id) else { return }
                    }
                    // Ended by the store, not by the client: its session ended (a logout, here or
                    // on another server) or the store stopped telling. The client hears it and may ask again.
                    if !Task.isCancelled { await self?.endSubscription(id) }
                }
                guard catchesUp else { return }
                // The catch-up is read as the client takes it.
                group.addTask { [weak self] in
                    for message in changed {
                        await self?.push(.messageChanged(message), to: id, waiting: true)
                    }
                    var reader = missed
                    do {
                        while !Task.isCancelled, let message = try await reader?.next() {
                            await self?.push(.message(message), to: id, waiting: true)
                        }
                    } catch {
                        // The client hears the subscription end, and asks again from what it has.
                        await self?.endSubscription(id)
                        return
                    }
                    await self?.releaseHeld(id)
                }
            }
        }, holder)
        return nil
    }

    /// A live change of subscription `id`: held while its catch-up is sent, pushed at once
    /// after. False when it would take the changes held past `ServerLimits.heldBytesPerSubscription`:
    /// the subscription ends, and its client asks again from what it has.
    private func receiveLive(_ change: StoreChange, subscription id: Int) async -> Bool {
        guard var holding = held[id] else {
            pushLive(change, to: id)
            return true
        }
        let before = holding.bytes
        guard holding.hold(change, limit: ServerLimits.heldBytesPerSubscription) else {
            metrics.refusal("held_changes_full")
            await endSubscription(id, reason: Self.heldTooMuch)
            return false
        }
        held[id] = holding
        metrics.queued(holding.bytes - before)
        return true
    }

    /// Pushes the changes held behind a catch-up that is done, in order; those after them
    /// are pushed as they come.
    private func releaseHeld(_ id: Int) {
        guard let holding = held.removeValue(forKey: id) else { return }
        metrics.queued(-holding.bytes)
        for change in holding.inOrder { pushLive(change, to: id) }
    }

    /// Why a subscription ends whose live changes came faster than its catch-up was taken.
    static let heldTooMuch =
        "changes came faster than your catch-up was taken: over \(ServerLimits.heldBytesPerSubscription / 1024) KiB waited; subscribe again from what you have"

    private func endSubscription(_ id: Int, reason: String = "the session ended, or the store stopped telling its changes") async {
        guard let ended = subscriptions.removeValue(forKey: id) else { return }
        ended.task.cancel()
        await close(id, ended)
        enqueue(.subscriptionEnded(id, reason: reason))
    }

    /// Counts a subscription, its task stopped or done, as ended, and lets go of what it held.
    private func close(_ id: Int, _ subscription: (task: Task<Void, Never>, holder: String)) async {
        if let holding = held.removeValue(forKey: id) { metrics.queued(-holding.bytes) }
        metrics.subscriptionEnded()
        await userSubscriptions.close(subscription.holder)
    }

    /// Pushes a change: one of a catch-up (`waiting`) once those before it were taken, a live
    /// one queued at once. A live one goes to every listener of its room at about the same
    /// moment, and is encoded once for them all; a catch-up is this client's alone.
    private func push(_ change: StoreChange, to subscription: Int, waiting: Bool) async {
        guard waiting else { return pushLive(change, to: subscription) }
        var frame = WireFrame(type: .change)
        frame.subscription = subscription
        frame.change = WireChange(change)
        await write(frame)
    }

    /// Queues a live change at once, encoded once for every listener of its room.
    private func pushLive(_ change: StoreChange, to subscription: Int) {
        if let text = encoded.frame(change, subscription: subscription) { enqueue(text) }
        if case .message(let message) = change { metrics.delivered(sentAt: message.sentAt) }
    }

    /// Writes a frame once those before it were taken: a reply, or a page of a catch-up, so
    /// that a client is given them no faster than it reads.
    private func write(_ frame: WireFrame) async {
        guard let text = try? codec.encode(frame) else { return }
        await send(text)
    }

    private func send(_ text: String) async {
        await drained()
        enqueue(text)
    }

    private func enqueue(_ frame: WireFrame) {
        guard let text = try? codec.encode(frame) else { return }
        enqueue(text)
    }

    /// Queues a frame for the writer. One that would take the queue past `queueLimit` sends
    /// the client away: it is not reading what it is owed. A frame alone is always queued,
    /// so that no reply is too big for the queue.
    private func enqueue(_ text: String) {
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

    private var overflowVerdict: Verdict { .close(.policyViolation, overflowReason) }

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

    private func errorFrame(id: Int?, _ error: WireError) -> WireFrame {
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

    private func endSubscriptions() async {
        let ended = subscriptions
        subscriptions = [:]
        for (id, subscription) in ended {
            subscription.task.cancel()
            await close(id, subscription)
        }
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

/// The id and operation of a request, whatever else it holds: enough to answer one whose
/// operation this server does not know.
private struct OperationAsked: Decodable {
    let id: Int
    let op: String
}
