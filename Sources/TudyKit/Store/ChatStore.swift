/// Where tudy keeps users, posts, rooms and messages.
///
/// Every call names the acting user and the store checks it: nobody reads a room
/// they are not a member of, and nobody changes a post they did not write,
/// whatever id they pass. A SQLite store and a networked store implement it as it is.
public protocol ChatStore: Sendable {
    // MARK: - Accounts

    /// Makes an account and returns its user.
    /// - Throws: `StoreError.invalidName`, `.nameTaken`, `.weakPassword`.
    func signUp(name: String, password: String) async throws -> User
    /// Returns the user whose name and password match.
    /// - Throws: `StoreError.wrongCredentials` for an unknown name and for a wrong password alike.
    func logIn(name: String, password: String) async throws -> User
    /// Returns the user with this name. - Throws: `StoreError.unknownUser`.
    func user(named name: String) async throws -> User
    /// Every user name, sorted; for completion and lists.
    func userNames() async throws -> [String]

    // MARK: - Posts

    /// Posts answering the query, newest first.
    func projects(_ query: ProjectQuery) async throws -> [Project]
    /// One post. - Throws: `StoreError.noSuchProject`.
    func project(id: Int) async throws -> Project
    /// Keeps a new post written by `writer`. - Throws: `StoreError.invalidDraft`.
    func createProject(_ draft: ProjectDraft, by writer: User) async throws -> Project
    /// Replaces a post's fields. - Throws: `StoreError.notWriter` unless `user` wrote it.
    func updateProject(id: Int, with draft: ProjectDraft, by user: User) async throws -> Project
    /// Opens or closes a post for recruiting. - Throws: `StoreError.notWriter` unless `user` wrote it.
    func setProject(id: Int, isOpen: Bool, by user: User) async throws -> Project
    /// Removes a post. - Throws: `StoreError.notWriter` unless `user` wrote it.
    func deleteProject(id: Int, by user: User) async throws

    // MARK: - Rooms

    /// The rooms `user` is a member of, the most recently active first.
    func rooms(of user: User) async throws -> [RoomSummary]
    /// One room of `user`'s. - Throws: `StoreError.noSuchRoom` when it does not exist or `user` is not in it.
    func room(id: Int, for user: User) async throws -> Room
    /// The 1:1 room of the two, made if it does not exist; never a second one.
    func directRoom(between user: User, and other: User) async throws -> Room
    /// Brings `invitee` into a room: a 1:1 room yields a new group room of the three,
    /// a group room gains the member. Returns the room the inviter is now meant to be in.
    func invite(_ invitee: User, to roomID: Int, by user: User) async throws -> Room
    /// Takes `user` out of a room.
    func leave(roomID: Int, user: User) async throws

    // MARK: - Messages

    /// Up to `limit` messages older than message `before` (or the newest), oldest first.
    func messages(in roomID: Int, for user: User, before: Int?, limit: Int) async throws -> MessagePage
    /// Up to `limit` messages newer than message `after`, oldest first, found by key:
    /// what arrived since the last one shown.
    func messages(in roomID: Int, for user: User, after: Int, limit: Int) async throws -> [Message]
    /// The id of the oldest message in a room that `user` has not read and did not write; nil when none.
    func firstUnread(in roomID: Int, for user: User) async throws -> Int?
    /// Keeps a message; once this returns, the message is stored.
    /// - Throws: `StoreError.emptyMessage`, `.messageTooLong`, `.noSuchRoom`.
    func send(_ text: String, to roomID: Int, from user: User) async throws -> Message
    /// Marks every message up to `messageID` as read by `user`.
    func markRead(roomID: Int, upTo messageID: Int, for user: User) async throws

    // MARK: - Changes

    /// What changes for `user` from the moment this returns, made by this process or any
    /// other: new messages in their rooms (their own included, in the order they were
    /// committed), rooms they joined or left, members who came or went. Iterating ends
    /// when the task iterating it is cancelled.
    func changes(for user: User) async throws -> AsyncStream<StoreChange>

    // MARK: - Fixtures

    /// Adds the users, posts and rooms of a fixture.
    func load(_ fixture: Fixture) async throws
}
