import TudyCore
import TudyWire

/// Answers one request from the store: the server's whole meaning of each operation, with
/// no socket in sight, so a test can drive it directly.
struct WireService: Sendable {
    let store: any ChatStore
    /// The line sign-ins take turns in, shared by every connection; nil: straight to the store.
    var signIns: SignInTurns?
    /// The line searches take turns in, shared by every connection; nil: straight to the store.
    var searches: SearchLine?
    /// The address of the client it answers, for its turn in `signIns`.
    var address = ""

    init(store: any ChatStore, signIns: SignInTurns? = nil, searches: SearchLine? = nil) {
        self.store = store
        self.signIns = signIns
        self.searches = searches
    }

    /// Runs a search when its turn comes (`SearchLine`).
    private func inLine<T: Sendable>(_ search: () async throws -> T) async throws -> T {
        guard let searches else { return try await search() }
        await searches.enter()
        do {
            let result = try await search()
            await searches.leave()
            return result
        } catch {
            await searches.leave()
            throw error
        }
    }

    /// The same service, answering a client at `address`.
    func answering(_ address: String) -> WireService {
        var service = self
        service.address = address
        return service
    }

    /// Runs a sign-in when its network's turn comes (`SignInTurns`).
    private func inTurn<T: Sendable>(_ signIn: () async throws -> T) async throws -> T {
        guard let signIns else { return try await signIn() }
        do {
            try await signIns.enter(from: address)
        } catch {
            // A flood refused at the door tries once a connection a `refusalDelay`, not as
            // fast as its refusals come.
            try? await Task.sleep(for: signIns.refusalDelay)
            throw error
        }
        do {
            let result = try await signIn()
            await signIns.leave(from: address)
            return result
        } catch {
            // A full line is no one's failure.
            await signIns.leave(from: address, failed: error as? StoreError != .passwordChecksBusy)
            throw error
        }
    }

    /// What a request lacked or got wrong before the store was asked anything.
    struct BadRequest: Error {
        let message: String
    }

    /// The reply to a request that is not about subscriptions, made by the connection signed
    /// in as `signedIn` (nil for one that has not signed in).
    func answer(_ request: WireRequest, signedInAs signedIn: Session?) async throws -> WireFrame {
        var reply = WireFrame.reply(to: request.id)
        switch request.op {
        case .hello:
            reply.version = WireCodec.version
            reply.operations = WireRequest.Operation.allCases.map(\.rawValue)
            reply.features = WireCodec.Feature.allCases.map(\.rawValue)
        case .signUp:
            let (name, password) = (try need(request.name, "name"), try need(request.password, "password"))
            reply.session = WireSession(try await inTurn { try await store.signUp(name: name, password: password) })
        case .logIn:
            let (name, password) = (try need(request.name, "name"), try need(request.password, "password"))
            reply.session = WireSession(try await inTurn { try await store.logIn(name: name, password: password) })
        case .resume:
            // The one request that names a token: the connection signs in with it.
            guard let token = request.token else { throw StoreError.sessionEnded }
            reply.session = WireSession(try await store.resume(SessionToken(text: token)))
        case .logOut:
            try await store.logOut(try await checkedSession(signedIn))
        case .checkName:
            // Before signing in too: it tells no more than a sign-up would, and costs no hash.
            try await store.checkNameIsFree(try need(request.name, "name"))
        case .user:
            // Found for someone signed in only, by the exact name asked for.
            _ = try await checkedSession(signedIn)
            let profile = try await store.profile(named: try need(request.name, "name"))
            (reply.user, reply.joinedAt) = (profile.user, profile.joinedAt)
        case .userNames:
            // Listed to someone signed in only, and only the people they share a room with:
            // nobody can list every account.
            // In order, filled to a reply's bytes, from after `name` when it is given.
            let asker = try session(signedIn)
            let rooms = try await store.rooms(of: asker)
            let names = Set(rooms.flatMap { $0.room.members.map(\.name) } + [asker.user.name]).sorted()
            let rest = request.name.map { after in names.drop { $0 <= after } } ?? names[...]
            let fitting = Self.fitting(rest, overhead: 8) { 2 * $0.utf8.count }
            reply.names = fitting
            if fitting.count < rest.count { reply.hasMore = true }
        case .projects:
            guard let query = try need(request.query, "query").query else { throw BadRequest(message: "unknown query kind") }
            // A page, however many posts there are: a board can not make a reply unbounded.
            let limit = request.limit ?? PostPage.size
            guard (1...ServerLimits.postsPerReply).contains(limit) else {
                throw BadRequest(message: "limit must be from 1 to \(ServerLimits.postsPerReply)")
            }
            let posts = try await inLine { try await store.projects(query, page: PostPage(before: request.before, limit: limit)) }
            reply.projects = Self.fitting(posts) {
                2 * ($0.title.utf8.count + $0.body.utf8.count + $0.writer.name.utf8.count + $0.works.joined().utf8.count) + 16 * $0.works.count
            }
            if reply.projects?.count ?? 0 < posts.count { reply.hasMore = true }
        case .project:
            reply.project = try await store.project(id: try need(request.projectID, "project_id"))
        case .createProject:
            reply.project = try await store.createProject(try need(request.draft, "draft"), by: try session(signedIn))
        case .updateProject:
            reply.project = try await store.updateProject(
                id: try need(request.projectID, "project_id"), with: try need(request.draft, "draft"), by: try session(signedIn))
        case .setProject:
            reply.project = try await store.setProject(
                id: try need(request.projectID, "project_id"), isOpen: try need(request.isOpen, "is_open"), by: try session(signedIn))
        case .deleteProject:
            try await store.deleteProject(id: try need(request.projectID, "project_id"), by: try session(signedIn))
        case .rooms:
            // By id, which a room keeps, so that pages asked one after another miss none and
            // give none twice whatever is sent meanwhile; filled to a reply's bytes, from after
            // the room `after` when it is given. The client puts them in the list's order.
            let rooms = try await store.rooms(of: try session(signedIn)).sorted { $0.room.id < $1.room.id }
            let rest = request.after.map { after in rooms.drop { $0.room.id <= after } } ?? rooms[...]
            let fitting = Self.fitting(rest, textBytes: Self.roomBytes)
            reply.rooms = fitting
            if fitting.count < rest.count { reply.hasMore = true }
        case .room:
            reply.room = try await store.room(id: try need(request.roomID, "room_id"), for: try session(signedIn))
        case .directRoom:
            reply.room = try await store.directRoom(between: try session(signedIn), and: User(name: try need(request.name, "name")))
        case .invite:
            let outcome = try await store.invite(
                User(name: try need(request.name, "name")), to: try need(request.roomID, "room_id"), by: try session(signedIn))
            reply.room = outcome.room
            if case .asked = outcome { reply.asked = true }
        case .invitations:
            reply.invitations = try await store.invitations(for: try session(signedIn))
        case .acceptInvitation:
            reply.room = try await store.acceptInvitation(try need(request.invitationID, "invitation_id"), by: try session(signedIn))
        case .declineInvitation:
            try await store.declineInvitation(try need(request.invitationID, "invitation_id"), by: try session(signedIn))
        case .leave:
            try await store.leave(roomID: try need(request.roomID, "room_id"), session: try session(signedIn))
        case .joinPost:
            reply.room = try await store.join(projectID: try need(request.projectID, "project_id"), by: try session(signedIn))
        case .renameRoom:
            reply.room = try await store.rename(
                roomID: try need(request.roomID, "room_id"), to: try need(request.name, "name"), by: try session(signedIn))
        case .setTopic:
            reply.room = try await store.setTopic(
                roomID: try need(request.roomID, "room_id"), to: try need(request.text, "text"), by: try session(signedIn))
        case .pinNotice:
            reply.room = try await store.pinNotice(
                try need(request.text, "text"), in: try need(request.roomID, "room_id"), by: try session(signedIn))
        case .setTimer:
            reply.room = try await store.setTimer(request.timer, in: try need(request.roomID, "room_id"), by: try session(signedIn))
        case .addSession:
            reply.room = try await store.addSession(
                startsAt: try need(request.at, "at"), minutes: try need(request.minutes, "minutes"), weekly: request.weekly ?? false,
                in: try need(request.roomID, "room_id"), by: try session(signedIn))
        case .cancelSession:
            reply.room = try await store.cancelSession(
                try need(request.sessionID, "session_id"), in: try need(request.roomID, "room_id"), by: try session(signedIn))
        case .answerSession:
            guard let answer = StudySession.Reply(rawValue: try need(request.text, "text")) else {
                throw BadRequest(message: "text must be yes, no or maybe")
            }
            reply.room = try await store.answerSession(
                try need(request.sessionID, "session_id"), meeting: try need(request.at, "at"), answer,
                in: try need(request.roomID, "room_id"), by: try session(signedIn))
        case .checkIn:
            reply.attendance = [try await store.checkIn(
                to: try need(request.sessionID, "session_id"), meeting: try need(request.at, "at"), in: try need(request.roomID, "room_id"),
                by: try session(signedIn))]
        case .checkOut:
            reply.attendance = [try await store.checkOut(
                of: try need(request.sessionID, "session_id"), meeting: try need(request.at, "at"), in: try need(request.roomID, "room_id"),
                by: try session(signedIn))]
        case .attendance:
            reply.attendance = try await store.attendance(
                in: try need(request.roomID, "room_id"), since: try need(request.at, "at"), for: try session(signedIn))
        case .readNotice:
            reply.room = try await store.readNotice(in: try need(request.roomID, "room_id"), by: try session(signedIn))
        case .kick:
            reply.room = try await store.kick(
                User(name: try need(request.name, "name")), from: try need(request.roomID, "room_id"), by: try session(signedIn))
        case .messagesBefore:
            let page = try await store.messages(
                in: try need(request.roomID, "room_id"), for: try session(signedIn), before: request.before,
                limit: try limit(request))
            let fitting = Self.fitting(page.messages.reversed())
            reply.page = MessagePage(messages: fitting.reversed(), hasOlder: page.hasOlder || fitting.count < page.messages.count)
        case .messagesAfter:
            let messages = try await store.messages(
                in: try need(request.roomID, "room_id"), for: try session(signedIn), after: try need(request.after, "after"),
                limit: try limit(request))
            let fitting = Self.fitting(messages)
            reply.messages = fitting
            if fitting.count < messages.count { reply.hasNewer = true }
        case .firstUnread:
            reply.messageID = try await store.firstUnread(in: try need(request.roomID, "room_id"), for: try session(signedIn))
        case .send:
            let outgoing = try OutgoingMessage(
                try need(request.text, "text"), kind: request.kind ?? .text, replyingTo: request.replyTo, key: request.key)
            reply.message = try await store.send(outgoing, to: try need(request.roomID, "room_id"), from: try session(signedIn))
        case .markRead:
            try await store.markRead(
                roomID: try need(request.roomID, "room_id"), upTo: try need(request.messageID, "message_id"),
                for: try session(signedIn))
        case .readMarks:
            let marks = try await store.readMarks(in: try need(request.roomID, "room_id"), for: try session(signedIn))
            reply.readMarks = marks.map { WireReadMark(name: $0.key.name, upTo: $0.value) }.sorted { $0.name < $1.name }
        case .findMessages:
            // The store takes words as MessageSearch.words gives them; a client may send them as typed.
            let words = try MessageSearch.words(typed: try need(request.words, "words"))
            let session = try session(signedIn)
            let found = try await inLine { try await store.findMessages(words, for: session, before: request.before, limit: try limit(request)) }
            // Filled to a reply's bytes; the client asks again from the oldest given.
            let fitting = Self.fitting(found)
            reply.messages = fitting
            if fitting.count < found.count { reply.hasMore = true }
        case .editMessage:
            reply.message = try await store.edit(
                MessagePick(messageID: request.messageID), in: try need(request.roomID, "room_id"), to: try need(request.text, "text"),
                by: try session(signedIn))
        case .unsendMessage:
            reply.message = try await store.unsend(
                MessagePick(messageID: request.messageID), in: try need(request.roomID, "room_id"), by: try session(signedIn))
        case .react:
            reply.message = try await store.react(
                to: try need(request.messageID, "message_id"), in: try need(request.roomID, "room_id"), with: try need(request.text, "text"),
                by: try session(signedIn))
        case .mute, .unmute:
            try await store.setQuiet(.room(try need(request.roomID, "room_id")), request.op == .mute, by: try session(signedIn))
        case .ignore, .unignore:
            try await store.setQuiet(.person(try need(request.name, "name")), request.op == .ignore, by: try session(signedIn))
        case .quiet:
            let quiet = try await store.quiet(of: try session(signedIn))
            reply.mutedRooms = quiet.compactMap { if case .room(let id) = $0 { id } else { nil } }.sorted()
            reply.names = quiet.compactMap { if case .person(let name) = $0 { name } else { nil } }.sorted()
        case .presence, .subscribe, .unsubscribe:
            throw BadRequest(message: "\(request.op.rawValue) is answered by the connection")
        }
        return reply
    }

    /// The session a connection signed in as, for a store call made as its user. The store
    /// checks it there, as every `ChatStore` does every such call, so it is not asked twice: a
    /// send was a round trip to the database more for it. - Throws: `StoreError.sessionEnded`
    /// for a connection that has not signed in.
    func session(_ signedIn: Session?) throws -> Session {
        guard let signedIn else { throw StoreError.sessionEnded }
        return signedIn
    }

    /// The session, checked by the store now: for a request whose store call takes none, or
    /// does not refuse one that ended (a logout).
    func checkedSession(_ signedIn: Session?) async throws -> Session {
        try await store.resume(try session(signedIn).token)
    }

    private func need<Value>(_ value: Value?, _ field: String) throws -> Value {
        guard let value else { throw BadRequest(message: "the request needs \(field)") }
        return value
    }

    private func limit(_ request: WireRequest) throws -> Int {
        let limit = try need(request.limit, "limit")
        guard (1...ServerLimits.messagesPerPage).contains(limit) else {
            throw BadRequest(message: "limit must be from 1 to \(ServerLimits.messagesPerPage)")
        }
        return limit
    }
}
