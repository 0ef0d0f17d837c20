import Foundation
import PostgresNIO
import TudyKit

// Rooms, memberships and messages: every query joins the membership of the acting user.
extension PostgresChatStore {
    // MARK: - Rooms

    public func rooms(of session: Session) async throws -> [RoomSummary] {
        let now = clock.now()
        return try await transaction { connection in
            let userID = try await Self.signedIn(session.token, now: now, on: connection).id
            var memberships: [(room: Int, lastRead: Int)] = []
            for try await row in try await connection.query(
                "SELECT room_id, last_read_message_id FROM membership WHERE user_id = \(userID) AND is_member", logger: Self.quiet
            ).decode((Int, Int).self) {
                memberships.append(row)
            }
            var summaries: [RoomSummary] = []
            for (roomID, lastRead) in memberships {
                let unread = try await Self.one(
                    Int.self,
                    """
                    SELECT COUNT(*)::BIGINT FROM (
                        SELECT 1 FROM message
                        WHERE room_id = \(roomID) AND id > \(lastRead) AND sender_id <> \(userID) AND status <> 'deleted'
                        LIMIT \(RoomSummary.unreadLimit)) AS unread
                    """, on: connection) ?? 0
                summaries.append(
                    RoomSummary(
                        room: try await Self.room(id: roomID, on: connection),
                        lastMessage: try await Self.messages(roomID: roomID, before: nil, limit: 1, on: connection).messages.last,
                        unreadCount: unread))
            }
            return summaries.sorted { ($0.lastMessage?.id ?? 0, $0.room.id) > ($1.lastMessage?.id ?? 0, $1.room.id) }
        }
    }

    public func room(id: Int, for session: Session) async throws -> Room {
        let now = clock.now()
        return try await transaction { connection in
            try await Self.requireMember(roomID: id, session: session, now: now, on: connection)
            return try await Self.room(id: id, on: connection)
        }
    }

    public func directRoom(between session: Session, and other: User) async throws -> Room {
        let now = clock.now()
        return try await transaction { connection in
            let first = try await Self.signedIn(session.token, now: now, on: connection)
            let second = try await Self.user(named: other.name, on: connection)
            guard first.id != second.id else { throw StoreError.cannotChatWithSelf }
            let key = [Accounts.key(first.user.name), Accounts.key(second.user.name)].sorted().joined(separator: " ")
            let roomID: Int
            if let existing = try await Self.one(Int.self, "SELECT id FROM room WHERE direct_key = \(key) FOR UPDATE", on: connection) {
                // Someone who left a 1:1 room comes back to it rather than getting a second one.
                roomID = existing
            } else {
                roomID = try await Self.one(
                    Int.self, "INSERT INTO room (kind, direct_key) VALUES ('direct', \(key)) RETURNING id", on: connection) ?? 0
            }
            try await Self.admit(userID: first.id, roomID: roomID, on: connection)
            try await Self.admit(userID: second.id, roomID: roomID, on: connection)
            try await Self.notifyRoom(roomID, on: connection)
            return try await Self.room(id: roomID, on: connection)
        }
    }

    public func invite(_ invitee: User, to roomID: Int, by session: Session) async throws -> Room {
        let now = clock.now()
        return try await transaction { connection in
            try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            _ = try await Self.one(Int.self, "SELECT id FROM room WHERE id = \(roomID) FOR UPDATE", on: connection)
            let room = try await Self.room(id: roomID, on: connection)
            let invited = try await Self.user(named: invitee.name, on: connection)
            guard !room.hasMember(invited.user) else { throw StoreError.alreadyMember(invited.user.name) }
            switch room.kind {
            case .direct:
                let groupID = try await Self.one(Int.self, "INSERT INTO room (kind) VALUES ('group') RETURNING id", on: connection) ?? 0
                for member in room.members + [invited.user] {
                    try await Self.admit(userID: try await Self.user(named: member.name, on: connection).id, roomID: groupID, on: connection)
                }
                try await Self.notifyRoom(groupID, on: connection)
                return try await Self.room(id: groupID, on: connection)
            case .group:
                try await Self.admit(userID: invited.id, roomID: roomID, on: connection)
                try await Self.notifyRoom(roomID, on: connection)
                return try await Self.room(id: roomID, on: connection)
            }
        }
    }

    public func leave(roomID: Int, session: Session) async throws {
        let now = clock.now()
        try await transaction { connection in
            let userID = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection).id
            try await connection.query(
                """
                UPDATE membership SET is_member = FALSE,
                    position = (SELECT MAX(position) + 1 FROM membership WHERE room_id = \(roomID))
                WHERE room_id = \(roomID) AND user_id = \(userID)
                """, logger: Self.quiet)
            try await Self.notifyRoom(roomID, on: connection)
        }
    }

    /// Makes the user a member; one who comes back is listed after those who stayed.
    static func admit(userID: Int, roomID: Int, on connection: PostgresConnection) async throws {
        try await connection.query(
            """
            INSERT INTO membership (room_id, user_id, position)
            VALUES (\(roomID), \(userID), (SELECT COALESCE(MAX(position) + 1, 0) FROM membership WHERE room_id = \(roomID)))
            ON CONFLICT (room_id, user_id) DO UPDATE
            SET position = CASE WHEN membership.is_member THEN membership.position ELSE excluded.position END, is_member = TRUE
            """, logger: quiet)
    }

    /// Tells every server, once this transaction commits, that a room's members changed.
    static func notifyRoom(_ roomID: Int, on connection: PostgresConnection) async throws {
        try await connection.query("SELECT pg_notify(\(PostgresChangeFeed.channel), \("r\(roomID)"))", logger: quiet)
    }

    /// The session's user when they are in the room.
    /// - Throws: `StoreError.sessionEnded` for a session that is not current; `.noSuchRoom` for a
    ///   room they are not in, as for a missing room.
    @discardableResult
    static func requireMember(roomID: Int, session: Session, now: Date, on connection: PostgresConnection) async throws -> (id: Int, user: User) {
        // One round trip for both checks: a message costs the database as little as it can.
        for try await (id, name, isMember) in try await connection.query(
            """
            SELECT users.id, users.name, EXISTS (
                SELECT 1 FROM membership WHERE room_id = \(roomID) AND user_id = users.id AND is_member)
            FROM session JOIN users ON users.id = session.user_id
            WHERE session.token_hash = \(session.token.hash) AND session.expires_at > \(now)
            """, logger: quiet
        ).decode((Int, String, Bool).self) {
            guard isMember else { throw StoreError.noSuchRoom(roomID) }
            return (id, User(name: name))
        }
        throw StoreError.sessionEnded
    }

    static func room(id: Int, on connection: PostgresConnection) async throws -> Room {
        guard let kind = try await one(String.self, "SELECT kind FROM room WHERE id = \(id)", on: connection) else {
            throw StoreError.noSuchRoom(id)
        }
        var members: [User] = []
        var departed: [User] = []
        for try await (name, isMember) in try await connection.query(
            """
            SELECT users.name, membership.is_member FROM membership JOIN users ON users.id = membership.user_id
            WHERE membership.room_id = \(id) ORDER BY membership.position
            """, logger: quiet
        ).decode((String, Bool).self) {
            if isMember { members.append(User(name: name)) } else { departed.append(User(name: name)) }
        }
        return Room(id: id, kind: Room.Kind(rawValue: kind) ?? .group, members: members, departed: departed)
    }

    // MARK: - Messages

    public func messages(in roomID: Int, for session: Session, before: Int?, limit: Int) async throws -> MessagePage {
        let now = clock.now()
        return try await transaction { connection in
            try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            return try await Self.messages(roomID: roomID, before: before, limit: limit, on: connection)
        }
    }

    /// A page found by key on `(room_id, id)`: its cost does not grow with the room's history.
    static func messages(roomID: Int, before: Int?, limit: Int, on connection: PostgresConnection) async throws -> MessagePage {
        let rows = try await messages(
            where: "message.room_id = \(roomID) AND message.id < \(before ?? Int.max)", order: "DESC", limit: limit + 1, on: connection)
        return MessagePage(messages: rows.prefix(limit).reversed(), hasOlder: rows.count > limit)
    }

    /// Messages with their senders. - Parameter condition: SQL the store builds from ids, never
    ///   from text anyone typed (that goes in as a bound value).
    static func messages(where condition: String, order: String, limit: Int, on connection: PostgresConnection) async throws -> [Message] {
        try await messages(
            PostgresQuery(unsafeSQL: "\(messageSelection) WHERE \(condition) ORDER BY message.id \(order) LIMIT \(limit)"),
            on: connection)
    }

    /// The columns `messages(_:on:)` reads, from `message` joined to its sender in `users`.
    static let messageSelection = """
        SELECT message.id, message.room_id, message.text, message.sent_at, message.status, users.name
        FROM message JOIN users ON users.id = message.sender_id
        """

    /// The messages a query that starts with `messageSelection` finds.
    static func messages(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> [Message] {
        var messages: [Message] = []
        for try await (id, roomID, text, sentAt, status, sender) in try await connection.query(query, logger: quiet)
            .decode((Int, Int, String, Date, String, String).self)
        {
            messages.append(
                Message(
                    id: id, roomID: roomID, sender: User(name: sender), text: text, sentAt: sentAt,
                    status: Message.Status(rawValue: status) ?? .sent))
        }
        return messages
    }

    public func findMessages(_ words: [String], for session: Session, limit: Int) async throws -> [Message] {
        guard !words.isEmpty else { return [] }
        let now = clock.now()
        return try await transaction { connection in
            let userID = try await Self.signedIn(session.token, now: now, on: connection).id
            // One LIKE a word, each its own bound pattern (`\` escapes by default): the planner
            // can take each to the trigram index, which it can not for LIKE ALL of an array.
            var binds = PostgresBindings()
            binds.append(userID)
            for word in words { binds.append(MessageSearch.likePattern(word)) }
            binds.append(limit)
            let likes = words.indices.map { "message.search_text LIKE $\($0 + 2)" }.joined(separator: " AND ")
            let query = PostgresQuery(
                unsafeSQL: """
                    \(Self.messageSelection)
                    WHERE message.room_id IN (SELECT room_id FROM membership WHERE user_id = $1 AND is_member) AND \(likes)
                    ORDER BY message.id DESC LIMIT $\(words.count + 2)
                    """, binds: binds)
            return try await Self.messages(query, on: connection)
        }
    }

    public func messages(in roomID: Int, for session: Session, after: Int, limit: Int) async throws -> [Message] {
        let now = clock.now()
        return try await transaction { connection in
            try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            return try await Self.messages(
                where: "message.room_id = \(roomID) AND message.id > \(after)", order: "ASC", limit: limit, on: connection)
        }
    }

    public func firstUnread(in roomID: Int, for session: Session) async throws -> Int? {
        let now = clock.now()
        return try await transaction { connection in
            let userID = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection).id
            return try await Self.one(
                Int.self,
                """
                SELECT message.id FROM message, membership
                WHERE membership.room_id = \(roomID) AND membership.user_id = \(userID)
                  AND message.room_id = membership.room_id AND message.id > membership.last_read_message_id
                  AND message.sender_id <> \(userID) AND message.status <> 'deleted'
                ORDER BY message.id LIMIT 1
                """, on: connection)
        }
    }

    public func send(_ text: String, to roomID: Int, from session: Session, key: String?) async throws -> Message {
        try Message.check(text)
        let now = clock.now()
        return try await transaction { connection in
            let sender = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            if let key,
                let keptID = try await Self.one(
                    Int.self, "SELECT id FROM message WHERE sender_id = \(sender.id) AND client_key = \(key)", on: connection),
                let kept = try await Self.messages(where: "message.id = \(keptID)", order: "ASC", limit: 1, on: connection).first
            {
                return kept
            }
            // Held to commit: ids are taken in commit order (see PostgresSchema.messageOrderLock).
            try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresSchema.messageOrderLock))", logger: Self.quiet)
            let id = try await Self.one(
                Int.self,
                """
                INSERT INTO message (id, room_id, sender_id, text, sent_at, client_key, search_text)
                VALUES (nextval('message_id'), \(roomID), \(sender.id), \(text), \(now), \(key), \(CaseFolding.search(text)))
                RETURNING id
                """, on: connection) ?? 0
            try await connection.query("SELECT pg_notify(\(PostgresChangeFeed.channel), 'm')", logger: Self.quiet)
            return Message(id: id, roomID: roomID, sender: sender.user, text: text, sentAt: now)
        }
    }

    public func edit(_ pick: MessagePick, in roomID: Int, to text: String, by session: Session) async throws -> Message {
        try Message.check(text)
        return try await change(pick, in: roomID, by: session) { message, connection in
            try await connection.query(
                """
                UPDATE message SET text = \(text), search_text = \(CaseFolding.search(text)), status = 'edited'
                WHERE id = \(message.id)
                """, logger: Self.quiet)
            return message.edited(to: text)
        }
    }

    public func unsend(_ pick: MessagePick, in roomID: Int, by session: Session) async throws -> Message {
        try await change(pick, in: roomID, by: session) { message, connection in
            try await connection.query(
                "UPDATE message SET text = '', search_text = '', status = 'deleted' WHERE id = \(message.id)", logger: Self.quiet)
            return message.deleted
        }
    }

    /// Finds the picked message, locked against another change, checks it may be changed,
    /// changes it and tells the change feeds (`e<id>`), in one transaction.
    private func change(
        _ pick: MessagePick, in roomID: Int, by session: Session,
        _ update: @escaping @Sendable (Message, PostgresConnection) async throws -> Message
    ) async throws -> Message {
        let now = clock.now()
        return try await transaction { connection in
            let user = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            let condition =
                switch pick {
                case .last:
                    "message.room_id = \(roomID) AND message.sender_id = \(user.id) AND message.status <> 'deleted'"
                case .id(let id): "message.room_id = \(roomID) AND message.id = \(id)"
                }
            let found = try await Self.messages(
                PostgresQuery(unsafeSQL: "\(Self.messageSelection) WHERE \(condition) ORDER BY message.id DESC LIMIT 1 FOR UPDATE OF message"),
                on: connection
            ).first
            let changed = try await update(try pick.check(found, by: user.user), connection)
            try await connection.query("SELECT pg_notify(\(PostgresChangeFeed.channel), \("e\(changed.id)"))", logger: Self.quiet)
            return changed
        }
    }

    public func markRead(roomID: Int, upTo messageID: Int, for session: Session) async throws {
        let now = clock.now()
        try await transaction { connection in
            let userID = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection).id
            try await connection.query(
                """
                UPDATE membership SET last_read_message_id = GREATEST(last_read_message_id, \(messageID))
                WHERE room_id = \(roomID) AND user_id = \(userID)
                """, logger: Self.quiet)
        }
    }

    // MARK: - Changes

    public func changes(for session: Session) async throws -> AsyncStream<StoreChange> {
        let now = clock.now()
        let (viewer, rooms, newest) = try await transaction { connection in
            let user = try await Self.signedIn(session.token, now: now, on: connection)
            var rooms: [Room] = []
            for roomID in try await Self.all(
                Int.self, "SELECT room_id FROM membership WHERE user_id = \(user.id) AND is_member", on: connection)
            {
                rooms.append(try await Self.room(id: roomID, on: connection))
            }
            let newest = try await Self.one(Int.self, "SELECT COALESCE(MAX(id), 0)::BIGINT FROM message", on: connection) ?? 0
            return (user.user, rooms, newest)
        }
        return await feed.add(viewer: viewer, rooms: rooms, after: newest)
    }

    // MARK: - Seeds

    public func load(_ fixture: Fixture) async throws {
        try fixture.validate()
        // Hashing is slow on purpose; it happens before the transaction.
        let hashes = try fixture.users.map { try hasher.hash($0.password) }
        let now = clock.now()
        try await transaction { connection in
            func user(_ name: String, at place: String) async throws -> (id: Int, user: User) {
                do {
                    return try await Self.user(named: name, on: connection)
                } catch StoreError.unknownUser {
                    throw Fixture.unknownName(name, at: place)
                }
            }
            for (index, account) in fixture.users.enumerated() {
                let key = Accounts.key(account.name)
                guard try await Self.userID(key: key, on: connection) == nil else { throw Fixture.nameTaken(account.name, at: index) }
                try await connection.query(
                    "INSERT INTO users (name, name_key, password_hash) VALUES (\(account.name), \(key), \(hashes[index]))",
                    logger: Self.quiet)
            }
            for (index, post) in fixture.projects.enumerated() {
                let writerID = try await user(post.writer, at: "projects[\(index)]").id
                _ = try await Self.insertProject(post.draft, writerID: writerID, isOpen: post.isOpen, createdAt: post.createdAt ?? now, on: connection)
            }
            try await connection.query("SELECT pg_advisory_xact_lock(\(PostgresSchema.messageOrderLock))", logger: Self.quiet)
            for (index, seeded) in fixture.rooms.enumerated() {
                let members = try await seeded.members.asyncMap { try await user($0, at: "rooms[\(index)]") }
                let key = seeded.kind == .direct ? members.map { Accounts.key($0.user.name) }.sorted().joined(separator: " ") : nil
                let roomID = try await Self.one(
                    Int.self, "INSERT INTO room (kind, direct_key) VALUES (\(seeded.kind.rawValue), \(key)) RETURNING id",
                    on: connection) ?? 0
                for member in members { try await Self.admit(userID: member.id, roomID: roomID, on: connection) }
                for line in seeded.messages {
                    let sender = try await user(line.sender, at: "rooms[\(index)]")
                    let id = try await Self.one(
                        Int.self,
                        """
                        INSERT INTO message (id, room_id, sender_id, text, sent_at, search_text)
                        VALUES (nextval('message_id'), \(roomID), \(sender.id), \(line.text), \(line.sentAt ?? now),
                                \(CaseFolding.search(line.text)))
                        RETURNING id
                        """, on: connection) ?? 0
                    // A sender has read what they wrote.
                    try await connection.query(
                        "UPDATE membership SET last_read_message_id = \(id) WHERE room_id = \(roomID) AND user_id = \(sender.id)",
                        logger: Self.quiet)
                }
            }
        }
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async throws -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
