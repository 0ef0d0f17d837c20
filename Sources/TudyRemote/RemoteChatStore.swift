import Foundation
import Synchronization
import Logging
import NIOSSL
import TudyCore
import TudyWire

/// A `ChatStore` on a tudy server (`tudy --server ws://HOST:PORT`): every call is a request
/// over a WebSocket, checked by the server's store; changes are pushed by the server. A
/// connection acts as the one session that signed in on it, so each session has its own.
package final class RemoteChatStore: ChatStore, PresenceSource, NameChecking {
    private let connections: SessionConnections
    private let reports = ConnectionReportHub()
    /// What the server said it has beyond its version's operations, once connected.
    let features = Mutex<Set<String>?>(nil)

    /// - Parameters:
    ///   - urls: the servers to use, the first first; after a drop, the next is tried.
    ///   - certificateAuthority: a PEM file of the certificates that wss:// servers are trusted
    ///     by (a private CA, or a server's self-signed one); nil for the system's.
    package init(
        urls: [String], certificateAuthority: String? = nil, requestTimeout: Duration = .seconds(10),
        logger: Logger = Logger(label: "tudy.remote")
    ) {
        var trusting = TLSConfiguration.makeClientConfiguration()
        if let certificateAuthority { trusting.trustRoots = .file(certificateAuthority) }
        let (reports, tls) = (reports, trusting)
        connections = SessionConnections(reports: reports) { session in
            RemoteConnection(
                urls: urls, tls: tls, requestTimeout: requestTimeout, session: session, reports: reports, logger: logger)
        }
    }

    /// Connects and checks that the server speaks this protocol.
    /// - Throws: `RemoteStoreError.cannotConnect` when every server fails in a lasting way,
    ///   `RemoteStoreError.notReached` when none answers in time.
    package func connect() async throws {
        let features = try await connections.notSignedIn().connect()
        self.features.withLock { $0 = features }
    }

    /// - Throws: `RemoteStoreError.refused` when the server said, at connecting, that it
    ///   lacks `feature`: asked anyway, an older server would do something else.
    func require(_ feature: WireCodec.Feature, for what: String) throws {
        guard let features = features.withLock({ $0 }), !features.contains(feature.rawValue) else { return }
        throw RemoteStoreError.refused(
            code: "unknown_feature", message: "the server does not know \(what): it is older than this tudy")
    }

    /// Closes every connection; calls after this fail.
    package func close() async {
        await connections.closeAll()
        reports.finish()
    }

    /// A request for anyone, or, given a session, made on its connection; a session found
    /// ended has its connection closed.
    func call(_ op: WireRequest.Operation, _ session: Session? = nil, _ fill: (inout WireRequest) -> Void = { _ in })
        async throws -> WireFrame
    {
        var request = WireRequest(op: op)
        fill(&request)
        guard let token = session?.token.text else { return try await connections.anyone().call(request) }
        return try await onSession(token) { try await $0.call(request) }
    }

    /// Does `work` on the session's connection; a session found ended has its connection closed.
    private func onSession<Result>(_ token: String, _ work: (RemoteConnection) async throws -> Result) async throws -> Result {
        do {
            return try await work(await connections.connection(for: token))
        } catch StoreError.sessionEnded {
            await connections.ended(token)
            throw StoreError.sessionEnded
        }
    }

    /// Signs in on a connection of its own (the one not signed in, when it is free), which is
    /// the session's from then on.
    private func signIn(_ op: WireRequest.Operation, _ fill: (inout WireRequest) -> Void) async throws -> Session {
        let connection = await connections.toSignIn()
        var request = WireRequest(op: op)
        fill(&request)
        let session: Session
        do {
            session = try field(try await connection.call(request).session, op).session
        } catch {
            await connections.notSignedIn(connection)
            throw error
        }
        await connection.signedIn(as: session.token.text)
        await connections.signedIn(connection, token: session.token.text)
        return session
    }

    /// A reply's field that the operation always fills. - Throws: when a server left it out.
    func field<Value>(_ value: Value?, _ op: WireRequest.Operation) throws -> Value {
        guard let value else { throw RemoteStoreError.refused(code: "bad_reply", message: "its reply to \(op.rawValue) is incomplete") }
        return value
    }

    // MARK: - Accounts

    package func signUp(name: String, password: String) async throws -> Session {
        try await signIn(.signUp) { $0.name = name; $0.password = password }
    }

    /// Asked of a server that says it can answer; an older one leaves the check to the sign-up.
    package func checkName(_ name: String) async throws {
        guard features.withLock({ $0?.contains(WireCodec.Feature.nameCheck.rawValue) ?? false }) else { return }
        _ = try await call(.checkName) { $0.name = name }
    }

    package func logIn(name: String, password: String) async throws -> Session {
        try await signIn(.logIn) { $0.name = name; $0.password = password }
    }

    package func resume(_ token: SessionToken) async throws -> Session {
        // A session this client holds already is asked on its own connection: the server
        // takes a resume of a connection's own session as often as it comes.
        if await connections.existing(for: token.text) != nil {
            var request = WireRequest(op: .resume)
            request.token = token.text
            return try field(try await onSession(token.text) { try await $0.call(request) }.session, .resume).session
        }
        return try await signIn(.resume) { $0.token = token.text }
    }

    /// Ends the session on the server, which closes every connection of it there; one that
    /// had ended already is ended all the same.
    package func logOut(_ session: Session) async throws {
        do {
            _ = try await call(.logOut, session)
        } catch StoreError.sessionEnded {}
        await connections.ended(session.token.text)
    }

    // The server finds and lists names only for someone signed in, and `user(named:)` and
    // `userNames` name nobody: they go on the connection of the session signed in last.

    package func profile(named name: String) async throws -> UserProfile {
        var request = WireRequest(op: .user)
        request.name = name
        let reply = try await newestSessionCall(request)
        return UserProfile(user: try field(reply.user, .user), joinedAt: reply.joinedAt)
    }

    /// Every name, asked for a reply's worth at a time.
    package func userNames() async throws -> [String] {
        var names: [String] = []
        var request = WireRequest(op: .userNames)
        while true {
            let reply = try await newestSessionCall(request)
            let page = try field(reply.names, .userNames)
            names += page
            // Each page after the last: a server that says more without going on ends the list.
            guard reply.hasMore == true, let last = page.last, last > request.name ?? "" else { return names }
            request.name = last
        }
    }

    private func newestSessionCall(_ request: WireRequest) async throws -> WireFrame {
        guard let token = await connections.newestToken else { return try await connections.anyone().call(request) }
        return try await onSession(token) { try await $0.call(request) }
    }

    // MARK: - Posts

    /// A page of posts whole: what a server left out of a reply for its size is asked for next.
    package func projects(_ query: ProjectQuery, page: PostPage) async throws -> [Project] {
        var posts: [Project] = []
        var hasMore = true
        while hasMore && posts.count < page.limit {
            let reply = try await call(.projects) {
                $0.query = WireQuery(query)
                $0.before = posts.last?.id ?? page.before
                $0.limit = page.limit - posts.count
            }
            let more = try field(reply.projects, .projects)
            guard !more.isEmpty else { break }
            posts += more
            hasMore = reply.hasMore == true
        }
        return posts
    }

    package func project(id: Int) async throws -> Project {
        try field(try await call(.project) { $0.projectID = id }.project, .project)
    }

    package func createProject(_ draft: ProjectDraft, by writer: Session) async throws -> Project {
        try field(try await call(.createProject, writer) { $0.draft = draft }.project, .createProject)
    }

    package func updateProject(id: Int, with draft: ProjectDraft, by session: Session) async throws -> Project {
        try field(try await call(.updateProject, session) { $0.projectID = id; $0.draft = draft }.project, .updateProject)
    }

    package func setProject(id: Int, isOpen: Bool, by session: Session) async throws -> Project {
        try field(try await call(.setProject, session) { $0.projectID = id; $0.isOpen = isOpen }.project, .setProject)
    }

    package func deleteProject(id: Int, by session: Session) async throws {
        _ = try await call(.deleteProject, session) { $0.projectID = id }
    }

    // MARK: - Rooms

    /// Every room, asked for a reply's worth at a time (by room id), in the list's order.
    package func rooms(of session: Session) async throws -> [RoomSummary] {
        var rooms: [RoomSummary] = []
        var after: Int?
        while true {
            let reply = try await call(.rooms, session) { $0.after = after }
            let page = try field(reply.rooms, .rooms)
            rooms += page
            // Each page after the last: a server that says more without going on ends the list.
            guard reply.hasMore == true, let last = page.last?.room.id, last > after ?? 0 else { break }
            after = last
        }
        return rooms.sorted(by: RoomSummary.isListed(_:before:))
    }

    package func room(id: Int, for session: Session) async throws -> Room {
        try field(try await call(.room, session) { $0.roomID = id }.room, .room)
    }

    package func directRoom(between session: Session, and other: User) async throws -> Room {
        try field(try await call(.directRoom, session) { $0.name = other.name }.room, .directRoom)
    }

    package func leave(roomID: Int, session: Session) async throws {
        _ = try await call(.leave, session) { $0.roomID = roomID }
    }

    package func join(projectID: Int, by session: Session) async throws -> Room {
        try require(.studyRooms, for: "study rooms")
        return try field(try await call(.joinPost, session) { $0.projectID = projectID }.room, .joinPost)
    }

    package func react(to messageID: Int, in roomID: Int, with emoji: String, by session: Session) async throws -> Message {
        try require(.reactions, for: "reactions")
        return try field(
            try await call(.react, session) { $0.roomID = roomID; $0.messageID = messageID; $0.text = emoji }.message, .react)
    }

    package func setQuiet(_ quiet: Quiet, _ isQuiet: Bool, by session: Session) async throws {
        try require(.quiet, for: "muting and ignoring")
        switch quiet {
        case .room(let roomID): _ = try await call(isQuiet ? .mute : .unmute, session) { $0.roomID = roomID }
        case .person(let name): _ = try await call(isQuiet ? .ignore : .unignore, session) { $0.name = name }
        }
    }

    package func quiet(of session: Session) async throws -> Set<Quiet> {
        // An older server keeps nothing quiet: nothing is.
        guard features.withLock({ $0?.contains(WireCodec.Feature.quiet.rawValue) ?? true }) else { return [] }
        let reply = try await call(.quiet, session) { _ in }
        return Set((reply.mutedRooms ?? []).map(Quiet.room) + (reply.names ?? []).map(Quiet.person))
    }

    package func rename(roomID: Int, to name: String, by session: Session) async throws -> Room {
        try require(.roomTopics, for: "room names")
        return try field(try await call(.renameRoom, session) { $0.roomID = roomID; $0.name = name }.room, .renameRoom)
    }

    package func setTopic(roomID: Int, to topic: String, by session: Session) async throws -> Room {
        try require(.roomTopics, for: "room topics")
        return try field(try await call(.setTopic, session) { $0.roomID = roomID; $0.text = topic }.room, .setTopic)
    }

    package func kick(_ user: User, from roomID: Int, by session: Session) async throws -> Room {
        try require(.studyRooms, for: "study rooms")
        return try field(try await call(.kick, session) { $0.name = user.name; $0.roomID = roomID }.room, .kick)
    }

    package func connectedMembers(of roomID: Int, for session: Session) async throws -> Set<String>? {
        // An older server can not say who is connected.
        guard features.withLock({ $0?.contains(WireCodec.Feature.presence.rawValue) ?? false }) else { return nil }
        return Set(try field(try await call(.presence, session) { $0.roomID = roomID }.names, .presence))
    }

    package func readMarks(in roomID: Int, for session: Session) async throws -> [User: Int] {
        try require(.readCounts, for: "who has read what")
        let marks = try field(try await call(.readMarks, session) { $0.roomID = roomID }.readMarks, .readMarks)
        return Dictionary(marks.map { (User(name: $0.name), $0.upTo) }, uniquingKeysWith: max)
    }

    // MARK: - Changes

    package func changes(for session: Session) async throws -> AsyncStream<StoreChange> {
        try await onSession(session.token.text) { try await $0.subscribe() }
    }

    package func connectionReports() -> AsyncStream<ConnectionReport>? {
        reports.listen()
    }
}
