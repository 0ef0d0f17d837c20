import Foundation
import Logging
import NIOSSL
import TudyKit

/// A `ChatStore` on a tudy server (`tudy --server ws://HOST:PORT`): every call is a request
/// over one WebSocket, checked by the server's store; changes are pushed by the server.
public final class RemoteChatStore: ChatStore {
    private let connection: RemoteConnection
    private let signedInSessions = SignedInSessions()

    /// - Parameters:
    ///   - urls: the servers to use, the first first; after a drop, the next is tried.
    ///   - certificateAuthority: a PEM file of the certificates that wss:// servers are trusted
    ///     by (a private CA, or a server's self-signed one); nil for the system's.
    public init(
        urls: [String], certificateAuthority: String? = nil, requestTimeout: Duration = .seconds(10),
        logger: Logger = Logger(label: "tudy.remote")
    ) {
        var tls = TLSConfiguration.makeClientConfiguration()
        if let certificateAuthority { tls.trustRoots = .file(certificateAuthority) }
        connection = RemoteConnection(urls: urls, tls: tls, requestTimeout: requestTimeout, logger: logger)
    }

    /// Connects and checks that the server speaks this protocol.
    /// - Throws: `RemoteStoreError.cannotConnect` when every server fails in a lasting way,
    ///   `RemoteStoreError.notReached` when none answers in time.
    public func connect() async throws {
        try await connection.connect()
    }

    /// Closes the connection; calls after this fail.
    public func close() async {
        await connection.close()
    }

    private func call(_ op: WireRequest.Operation, _ session: Session? = nil, _ fill: (inout WireRequest) -> Void = { _ in })
        async throws -> WireFrame
    {
        var request = WireRequest(op: op)
        request.token = session?.token.text
        fill(&request)
        return try await connection.call(request)
    }

    /// A reply's field that the operation always fills. - Throws: when a server left it out.
    private func field<Value>(_ value: Value?, _ op: WireRequest.Operation) throws -> Value {
        guard let value else { throw RemoteStoreError.refused(code: "bad_reply", message: "its reply to \(op.rawValue) is incomplete") }
        return value
    }

    // MARK: - Accounts

    public func signUp(name: String, password: String) async throws -> Session {
        signedIn(try field(try await call(.signUp) { $0.name = name; $0.password = password }.session, .signUp).session)
    }

    public func logIn(name: String, password: String) async throws -> Session {
        signedIn(try field(try await call(.logIn) { $0.name = name; $0.password = password }.session, .logIn).session)
    }

    public func resume(_ token: SessionToken) async throws -> Session {
        signedIn(try field(try await call(.resume) { $0.token = token.text }.session, .resume).session)
    }

    public func logOut(_ session: Session) async throws {
        signedInSessions.remove(session)
        _ = try await call(.logOut, session)
    }

    /// Keeps the sessions this client signed in with: the server finds and lists names only
    /// for someone signed in, and `user(named:)` and `userNames` name nobody, so they go with
    /// the newest session not logged out.
    private func signedIn(_ session: Session) -> Session {
        signedInSessions.add(session)
        return session
    }

    public func user(named name: String) async throws -> User {
        try field(try await call(.user, signedInSessions.newest) { $0.name = name }.user, .user)
    }

    public func userNames() async throws -> [String] {
        try field(try await call(.userNames, signedInSessions.newest).names, .userNames)
    }

    // MARK: - Posts

    public func projects(_ query: ProjectQuery, page: PostPage) async throws -> [Project] {
        try field(
            try await call(.projects) {
                $0.query = WireQuery(query)
                $0.before = page.before
                $0.limit = page.limit
            }.projects, .projects)
    }

    public func project(id: Int) async throws -> Project {
        try field(try await call(.project) { $0.projectID = id }.project, .project)
    }

    public func createProject(_ draft: ProjectDraft, by writer: Session) async throws -> Project {
        try field(try await call(.createProject, writer) { $0.draft = draft }.project, .createProject)
    }

    public func updateProject(id: Int, with draft: ProjectDraft, by session: Session) async throws -> Project {
        try field(try await call(.updateProject, session) { $0.projectID = id; $0.draft = draft }.project, .updateProject)
    }

    public func setProject(id: Int, isOpen: Bool, by session: Session) async throws -> Project {
        try field(try await call(.setProject, session) { $0.projectID = id; $0.isOpen = isOpen }.project, .setProject)
    }

    public func deleteProject(id: Int, by session: Session) async throws {
        _ = try await call(.deleteProject, session) { $0.projectID = id }
    }

    // MARK: - Rooms

    public func rooms(of session: Session) async throws -> [RoomSummary] {
        try field(try await call(.rooms, session).rooms, .rooms)
    }

    public func room(id: Int, for session: Session) async throws -> Room {
        try field(try await call(.room, session) { $0.roomID = id }.room, .room)
    }

    public func directRoom(between session: Session, and other: User) async throws -> Room {
        try field(try await call(.directRoom, session) { $0.name = other.name }.room, .directRoom)
    }

    public func invite(_ invitee: User, to roomID: Int, by session: Session) async throws -> Room {
        try field(try await call(.invite, session) { $0.name = invitee.name; $0.roomID = roomID }.room, .invite)
    }

    public func leave(roomID: Int, session: Session) async throws {
        _ = try await call(.leave, session) { $0.roomID = roomID }
    }

    // MARK: - Messages

    public func messages(in roomID: Int, for session: Session, before: Int?, limit: Int) async throws -> MessagePage {
        try field(
            try await call(.messagesBefore, session) { $0.roomID = roomID; $0.before = before; $0.limit = limit }.page,
            .messagesBefore)
    }

    public func messages(in roomID: Int, for session: Session, after: Int, limit: Int) async throws -> [Message] {
        try field(
            try await call(.messagesAfter, session) { $0.roomID = roomID; $0.after = after; $0.limit = limit }.messages,
            .messagesAfter)
    }

    public func firstUnread(in roomID: Int, for session: Session) async throws -> Int? {
        try await call(.firstUnread, session) { $0.roomID = roomID }.messageID
    }

    public func send(_ text: String, to roomID: Int, from session: Session, key: String?) async throws -> Message {
        try field(try await call(.send, session) { $0.text = text; $0.roomID = roomID; $0.key = key }.message, .send)
    }

    public func findMessages(_ words: [String], for session: Session, limit: Int) async throws -> [Message] {
        try field(
            try await call(.findMessages, session) { $0.words = words; $0.limit = limit }.messages, .findMessages)
    }

    public func edit(_ pick: MessagePick, in roomID: Int, to text: String, by session: Session) async throws -> Message {
        try field(
            try await call(.editMessage, session) { $0.messageID = pick.messageID; $0.roomID = roomID; $0.text = text }.message,
            .editMessage)
    }

    public func unsend(_ pick: MessagePick, in roomID: Int, by session: Session) async throws -> Message {
        try field(
            try await call(.unsendMessage, session) { $0.messageID = pick.messageID; $0.roomID = roomID }.message, .unsendMessage)
    }

    public func markRead(roomID: Int, upTo messageID: Int, for session: Session) async throws {
        _ = try await call(.markRead, session) { $0.roomID = roomID; $0.messageID = messageID }
    }

    // MARK: - Changes

    public func changes(for session: Session) async throws -> AsyncStream<StoreChange> {
        try await connection.subscribe(token: session.token.text)
    }

    public func connectionReports() -> AsyncStream<ConnectionReport>? {
        let (stream, continuation) = AsyncStream.makeStream(of: ConnectionReport.self, bufferingPolicy: .bufferingNewest(10))
        Task { await connection.report(to: continuation) }
        return stream
    }
}

/// The session a client signed in with last, read and written from any task.
/// The sessions a client signed in with and has not logged out, newest last.
private final class SignedInSessions: @unchecked Sendable {
    private let lock = NSLock()
    private var sessions: [Session] = []

    var newest: Session? { lock.withLock { sessions.last } }

    func add(_ session: Session) {
        lock.withLock {
            sessions.removeAll { $0 == session }
            sessions.append(session)
        }
    }

    func remove(_ session: Session) {
        lock.withLock { sessions.removeAll { $0 == session } }
    }
}
