import Foundation
import NIOWebSocket
import TudyCore
import TudyWire

// Requests: each frame read, checked, answered once (a repeat gets the answer kept).
extension ServerConnection {
    /// Answers one text frame, as a chain of small steps over its request: the connection's
    /// limits, decoding, the request's own bounds and the server's rate, the answer, and its
    /// delivery. Each step may end the frame, with what becomes of the connection.
    func handle(_ text: String) async -> Verdict {
        if let verdict = admitFrame() { return verdict }
        let request: WireRequest
        switch await decode(text) {
        case .next(let decoded): request = decoded
        case .stop(let verdict): return verdict
        }
        guard await admit(request) else { return .goOn }
        guard let frame = await answer(request) else { return .goOn }
        return await deliver(frame, answering: request)
    }

    /// What a step of `handle` gives: the frame goes on with a value, or stops.
    enum Step<Value> {
        case next(Value)
        case stop(Verdict)
    }

    /// The connection's own limits, before a frame is read: nil when it may be.
    private func admitFrame() -> Verdict? {
        if isLoggedOut { return Self.loggedOut }
        if overflowed { return overflowVerdict }
        guard rate.admit() else {
            metrics.refusal("too_many_requests")
            return .close(.policyViolation, "too many requests: at most \(rate.perSecond) a second")
        }
        return nil
    }

    /// The request a frame holds; a frame that holds none is answered here.
    private func decode(_ text: String) async -> Step<WireRequest> {
        if let request = try? codec.decode(WireRequest.self, from: text) {
            requestCount += 1
            metrics.request(request.op.rawValue)
            return .next(request)
        }
        // A request of a newer protocol is answered, not taken for garbage: its client
        // learns what this server lacks, and the connection goes on.
        if let asked = try? codec.decode(OperationAsked.self, from: text), WireRequest.Operation(rawValue: asked.op) == nil {
            requestCount += 1
            metrics.refusal("unknown_operation")
            await write(errorFrame(id: asked.id, WireError(
                code: "unknown_operation",
                message: "this server does not know '\(asked.op.prefix(40))': it is older than your tudy; its hello lists what it knows")))
            return .stop(.goOn)
        }
        await write(errorFrame(id: nil, WireError(code: "not_json", message: "a frame must be one JSON request")))
        return .stop(.close(.unacceptableData, "a frame that is not a JSON request"))
    }

    /// Whether a request is within its own bounds and the server's rate; one that is not is
    /// refused here, and the connection goes on.
    private func admit(_ request: WireRequest) async -> Bool {
        guard request.textsAreBounded else {
            metrics.refusal(WireError(StoreError.tooManyMarks).code)
            await write(errorFrame(id: request.id, WireError(StoreError.tooManyMarks)))
            return false
        }
        guard serverRate.admit() else {
            metrics.refusal("server_busy")
            await write(errorFrame(id: request.id, WireError(
                code: "server_busy",
                message: "the server is answering more than \(serverRate.perSecond) requests a second from everyone: try again in a moment")))
            return false
        }
        return true
    }

    /// Sends a request's answer, within the size a reply may have, and counts a failed
    /// sign-in against the connection.
    private func deliver(_ frame: WireFrame, answering request: WireRequest) async -> Verdict {
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
    func answer(_ request: WireRequest) async -> WireFrame? {
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

    func databaseDown(id: Int) -> WireFrame {
        errorFrame(id: id, WireError(
            code: WireError.databaseDownCode,
            message: "the server lost its database and is reconnecting to it: try again in a moment"))
    }

    /// The store's answer, given once for a keyed request that changes the store: a repeat
    /// of it (the client sends again what had no reply after a reconnection) gets the same.
    func answerOnce(_ request: WireRequest) async throws -> WireFrame {
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
    func presence(_ request: WireRequest) async throws -> WireFrame {
        guard let roomID = request.roomID else { throw WireService.BadRequest(message: "presence needs room_id") }
        let room = try await service.store.room(id: roomID, for: try service.session(signedIn))
        var reply = WireFrame.reply(to: request.id)
        var names: [String] = []
        for member in room.members where await userConnections.isOpen(Accounts.key(member.name)) { names.append(member.name) }
        reply.names = names
        return reply
    }
}

/// The id and operation of a request, whatever else it holds: enough to answer one whose
/// operation this server does not know.
private struct OperationAsked: Decodable {
    let id: Int
    let op: String
}
