import Foundation

/// A `ChatStore` that keeps everything in memory, for `--memory` and for tests.
public actor InMemoryChatStore: SeedableStore {
    struct Account {
        let user: User
        let passwordHash: String
        let joinedAt: Date
    }

    /// A sender's key for one of their messages.
    struct MessageKey: Hashable {
        let sender: String
        let key: String
    }

    struct RoomState {
        var room: Room
        var lastRead: [String: Int] = [:]
        var messages: [Message] = []
        /// Who the post's writer took out of this study room, by name key.
        var removed: Set<String> = []
        /// Who muted this room, by name key.
        var muted: Set<String> = []
        /// Who set which emoji on each message, by message id, in the order they were set.
        var reactions: [Int: [(emoji: String, who: String)]] = [:]
    }

    let clock: WallClock
    let hasher: any PasswordHasher
    /// Tries to log in as one name, one at a time.
    let logins = LoginLine()
    var accounts: [String: Account] = [:]
    /// Each account's key, by its name's look (`Accounts.look`).
    var looks: [String: String] = [:]
    var failedLogins: [String: (count: Int, last: Date)] = [:]
    var projectsByID: [Int: Project] = [:]
    /// Each post's title and body folded for a search (`ProjectQuery.searchText`), as the
    /// databases keep it: folded once when written, not at each search.
    var postSearchTexts: [Int: String] = [:]
    /// Each message's text folded for a search, with the text it was folded from, filled by
    /// the searches that read it.
    var messageSearchTexts: [Int: (text: String, folded: String)] = [:]
    var roomsByID = RoomDirectory()
    /// Each post's study room, by the post's id.
    var studyRooms: [Int: Int] = [:]
    var nextProjectID = 1
    var nextRoomID = 1
    var nextSessionID = 1
    /// Who came to each meeting of each room's sessions (`/checkin`), by room.
    var attendanceByRoom: [Int: [AttendanceRecord]] = [:]
    var nextMessageID = 1
    /// Messages sent with a key, by sender and key: where each is.
    var keyedMessages: [MessageKey: (roomID: Int, messageID: Int)] = [:]
    var subscribers = ChangeSubscribers()
    /// Whom each user ignores, by the user's name key: the names as their owners chose them.
    var ignoring: [String: Set<String>] = [:]
    var sessions = SessionBook()
    /// The invitations waiting for an answer, by id.
    var invitationsByID: [Int: WaitingInvitation] = [:]
    var nextInvitationID = 1

    public init(clock: WallClock, hasher: any PasswordHasher) {
        self.clock = clock
        self.hasher = hasher
    }

    // MARK: - Rooms

    public func rooms(of session: Session) async throws -> [RoomSummary] {
        let user = try user(of: session.token)
        return roomsByID.rooms(of: user)
            .map { [ignored = ignored(by: user)] state in
                let lastRead = state.lastRead[Accounts.key(user.name)] ?? 0
                return RoomSummary(
                    room: state.room, lastMessage: state.messages.last,
                    unreadCount: min(
                        RoomSummary.unreadLimit,
                        state.messages.count { $0.id > lastRead && isUnread($0, by: user, ignored: ignored) }))
            }
            .sorted(by: RoomSummary.isListed(_:before:))
    }

    /// Whether a message past `user`'s mark is unread news for them: someone else's, not
    /// unsent, and not from one of `ignored` (folded names), whom they never see.
    func isUnread(_ message: Message, by user: User, ignored: Set<String>) -> Bool {
        message.isUnread(by: user) && !ignored.contains(Accounts.key(message.sender.name))
    }

    /// The folded names of those `user` ignores.
    func ignored(by user: User) -> Set<String> {
        Set((ignoring[Accounts.key(user.name)] ?? []).map(Accounts.key))
    }

    public func room(id: Int, for session: Session) async throws -> Room {
        try memberState(of: id, user: try user(of: session.token)).room
    }

    public func directRoom(between session: Session, and other: User) async throws -> Room {
        let user = try user(of: session.token)
        let other = try knownUser(named: other.name)
        guard !user.isNamed(other.name) else { throw StoreError.cannotChatWithSelf }
        return try directRoomState(between: user, and: other)
    }

    /// The 1:1 room of two known, different users, made if it does not exist.
    func directRoomState(between user: User, and other: User) throws -> Room {
        let pair = Set([Accounts.key(user.name), Accounts.key(other.name)])
        let existing = roomsByID.values.first {
            $0.room.kind == .direct && Set(($0.room.members + $0.room.departed).map { Accounts.key($0.name) }) == pair
        }
        if let existing {
            // Someone who left a 1:1 room comes back to it rather than getting a second one.
            try checkRoomLimits(admitting: [user, other], to: existing.room)
            var state = existing
            state.room.admit(user)
            state.room.admit(other)
            roomsByID[state.room.id] = state
            subscribers.publish(roomBefore: existing.room, after: state.room)
            return state.room
        }
        try checkRoomLimits(admitting: [user, other], to: nil)
        return insertRoom(kind: .direct, members: [user, other])
    }

    public func leave(roomID: Int, session: Session) async throws {
        let user = try user(of: session.token)
        var state = try memberState(of: roomID, user: user)
        let before = state.room
        state.room.remove(user)
        roomsByID[roomID] = state
        subscribers.publish(roomBefore: before, after: state.room)
    }

    public func join(projectID: Int, by session: Session) async throws -> Room {
        let user = try user(of: session.token)
        let project = try self.project(withStudy: projectID)
        let state = project.roomID.flatMap { roomsByID[$0] }
        switch try StudyRoom.admission(
            of: user, to: project, room: state?.room, wasRemoved: state?.removed.contains(Accounts.key(user.name)) ?? false)
        {
        case .alreadyIn(let roomID):
            return roomsByID[roomID]!.room
        case .open:
            try checkRoomLimits(admitting: [project.writer, user], to: nil)
            return insertRoom(kind: .group, members: [project.writer, user], name: project.title, projectID: project.id)
        case .admit(let roomID):
            var state = roomsByID[roomID]!
            try checkRoomLimits(admitting: [user], to: state.room)
            let before = state.room
            state.room.admit(user)
            roomsByID[roomID] = state
            subscribers.publish(roomBefore: before, after: state.room)
            return state.room
        }
    }

    public func kick(_ kicked: User, from roomID: Int, by session: Session) async throws -> Room {
        let user = try user(of: session.token)
        var state = try memberState(of: roomID, user: user)
        let kicked = try knownUser(named: kicked.name)
        let project = state.room.projectID.flatMap { projectsByID[$0] }
        try StudyRoom.checkRemoval(of: kicked, from: state.room, project: project, by: user)
        let before = state.room
        state.room.remove(kicked)
        state.removed.insert(Accounts.key(kicked.name))
        roomsByID[roomID] = state
        subscribers.publish(roomBefore: before, after: state.room)
        return state.room
    }

    public func rename(roomID: Int, to name: String, by session: Session) async throws -> Room {
        let name = try Room.checkedName(name)
        return try changeRoom(roomID, by: session) { room in
            guard room.kind == .group else { throw StoreError.cannotRenameDirect(roomID) }
            room.name = name
        }
    }

    public func setTopic(roomID: Int, to topic: String, by session: Session) async throws -> Room {
        let topic = try Room.checkedTopic(topic)
        return try changeRoom(roomID, by: session) { $0.topic = topic }
    }

    /// Changes a room of the session's user and tells its members.
    func changeRoom(_ roomID: Int, by session: Session, _ change: (inout Room) throws -> Void) throws -> Room {
        var state = try memberState(of: roomID, user: try user(of: session.token))
        let before = state.room
        try change(&state.room)
        roomsByID[roomID] = state
        subscribers.publish(roomBefore: before, after: state.room)
        return state.room
    }

    public func setQuiet(_ quiet: Quiet, _ isQuiet: Bool, by session: Session) async throws {
        let user = try user(of: session.token)
        let key = Accounts.key(user.name)
        switch quiet {
        case .room(let roomID):
            var state = try memberState(of: roomID, user: user)
            if isQuiet { state.muted.insert(key) } else { state.muted.remove(key) }
            roomsByID[roomID] = state
        case .person(let name):
            let other = try knownUser(named: name)
            guard !other.isNamed(user.name) else { throw StoreError.cannotIgnoreSelf }
            var ignored = ignoring[key, default: []]
            if isQuiet {
                if !ignored.contains(other.name) && ignored.count >= Quiet.ignoreLimit { throw StoreError.tooManyIgnored }
                ignored.insert(other.name)
            } else {
                ignored.remove(other.name)
            }
            ignoring[key] = ignored
        }
    }

    public func quiet(of session: Session) async throws -> Set<Quiet> {
        let user = try user(of: session.token)
        let key = Accounts.key(user.name)
        let rooms = roomsByID.rooms(of: user).filter { $0.muted.contains(key) }.map { Quiet.room($0.room.id) }
        return Set(rooms + (ignoring[key] ?? []).map(Quiet.person))
    }

    /// Refuses to put people in a room (nil: a new one) past `Room.memberLimit` members, or
    /// past `Room.roomsPerPersonLimit` rooms for any of them not in it already.
    func checkRoomLimits(admitting users: [User], to room: Room?) throws {
        let newcomers = users.filter { !(room?.hasMember($0) ?? false) }
        if let room, room.kind == .group, room.members.count + newcomers.count > Room.memberLimit {
            throw StoreError.roomFull(room.id)
        }
        for user in newcomers {
            if roomsByID.roomCount(of: user) >= Room.roomsPerPersonLimit { throw StoreError.tooManyRooms(user.name) }
        }
    }

    func memberState(of roomID: Int, user: User) throws -> RoomState {
        guard let state = roomsByID[roomID], state.room.hasMember(user) else {
            throw StoreError.noSuchRoom(roomID)
        }
        return state
    }

    func insertRoom(kind: Room.Kind, members: [User], name: String? = nil, projectID: Int? = nil) -> Room {
        let room = Room(id: nextRoomID, kind: kind, members: members, name: name, projectID: projectID)
        nextRoomID += 1
        if let projectID { studyRooms[projectID] = room.id }
        roomsByID[room.id] = RoomState(room: room)
        subscribers.publish(roomBefore: nil, after: room)
        return room
    }

    // MARK: - Changes

    public func changes(for session: Session) async throws -> AsyncStream<StoreChange> {
        let user = try user(of: session.token)
        return subscribers.add(for: user, session: session) { [weak self] id in
            Task { await self?.unsubscribe(id) }
        }
    }

    private func unsubscribe(_ id: UUID) {
        subscribers.remove(id)
    }
}
