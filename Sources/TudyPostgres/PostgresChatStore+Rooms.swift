import Foundation
import PostgresNIO
import TudyCore

// Rooms and memberships, the change stream and seeds: every query joins the membership of
// the acting user.
extension PostgresChatStore {
    // MARK: - Rooms

    package func rooms(of session: Session) async throws -> [RoomSummary] {
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
                          AND sender_id NOT IN (SELECT ignored_id FROM ignoring WHERE user_id = \(userID))
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

    package func room(id: Int, for session: Session) async throws -> Room {
        let now = clock.now()
        return try await transaction { connection in
            try await Self.requireMember(roomID: id, session: session, now: now, on: connection)
            return try await Self.room(id: id, on: connection)
        }
    }

    package func directRoom(between session: Session, and other: User) async throws -> Room {
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

    package func leave(roomID: Int, session: Session) async throws {
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

    package func join(projectID: Int, by session: Session) async throws -> Room {
        let now = clock.now()
        return try await transaction { connection in
            let user = try await Self.signedIn(session.token, now: now, on: connection)
            // Joins of one post take turns: two can not both take its last place.
            guard try await Self.one(Int.self, "SELECT id FROM project WHERE id = \(projectID) FOR UPDATE", on: connection) != nil else {
                throw StoreError.noSuchProject(projectID)
            }
            let project = try await Self.project(id: projectID, on: connection)
            var room: Room?
            var wasRemoved = false
            if let roomID = project.roomID {
                room = try await Self.room(id: roomID, on: connection)
                wasRemoved = try await Self.one(
                    Bool.self, "SELECT removed FROM membership WHERE room_id = \(roomID) AND user_id = \(user.id)", on: connection) ?? false
            }
            let roomID: Int
            switch try StudyRoom.admission(of: user.user, to: project, room: room, wasRemoved: wasRemoved) {
            case .alreadyIn(let id):
                return try await Self.room(id: id, on: connection)
            case .open:
                roomID = try await Self.one(
                    Int.self, "INSERT INTO room (kind, name, project_id) VALUES ('group', \(project.title), \(projectID)) RETURNING id",
                    on: connection) ?? 0
                try await Self.admit(userID: try await Self.user(named: project.writer.name, on: connection).id, roomID: roomID, on: connection)
                try await Self.admit(userID: user.id, roomID: roomID, on: connection)
            case .admit(let id):
                roomID = id
                try await Self.admit(userID: user.id, roomID: roomID, on: connection)
            }
            try await Self.notifyRoom(roomID, on: connection)
            return try await Self.room(id: roomID, on: connection)
        }
    }

    package func kick(_ kicked: User, from roomID: Int, by session: Session) async throws -> Room {
        let now = clock.now()
        return try await transaction { connection in
            let remover = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            let kicked = try await Self.user(named: kicked.name, on: connection)
            _ = try await Self.one(Int.self, "SELECT id FROM room WHERE id = \(roomID) FOR UPDATE", on: connection)
            let room = try await Self.room(id: roomID, on: connection)
            var project: Project?
            if let projectID = room.projectID { project = try await Self.project(id: projectID, on: connection) }
            try StudyRoom.checkRemoval(of: kicked.user, from: room, project: project, by: remover.user)
            try await connection.query(
                """
                UPDATE membership SET is_member = FALSE, removed = TRUE,
                    position = (SELECT MAX(position) + 1 FROM membership WHERE room_id = \(roomID))
                WHERE room_id = \(roomID) AND user_id = \(kicked.id)
                """, logger: Self.quiet)
            try await Self.notifyRoom(roomID, on: connection)
            return try await Self.room(id: roomID, on: connection)
        }
    }

    package func rename(roomID: Int, to name: String, by session: Session) async throws -> Room {
        let name = try Room.checkedName(name)
        let now = clock.now()
        return try await transaction { connection in
            try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            guard try await Self.room(id: roomID, on: connection).kind == .group else { throw StoreError.cannotRenameDirect(roomID) }
            try await connection.query("UPDATE room SET name = \(name) WHERE id = \(roomID)", logger: Self.quiet)
            try await Self.notifyRoom(roomID, on: connection)
            return try await Self.room(id: roomID, on: connection)
        }
    }

    package func setTopic(roomID: Int, to topic: String, by session: Session) async throws -> Room {
        let topic = try Room.checkedTopic(topic)
        let now = clock.now()
        return try await transaction { connection in
            try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            try await connection.query("UPDATE room SET topic = \(topic) WHERE id = \(roomID)", logger: Self.quiet)
            try await Self.notifyRoom(roomID, on: connection)
            return try await Self.room(id: roomID, on: connection)
        }
    }

    /// Makes the user a member; one who comes back is listed after those who stayed.
    /// - Throws: `StoreError.roomFull` or `.tooManyRooms` past `Room`'s limits, for someone not
    ///   in the room already.
    static func admit(userID: Int, roomID: Int, on connection: PostgresConnection) async throws {
        let isMember = try await one(
            Bool.self, "SELECT is_member FROM membership WHERE room_id = \(roomID) AND user_id = \(userID)", on: connection)
        if isMember != true {
            let members = try await one(
                Int.self, "SELECT COUNT(*)::bigint FROM membership WHERE room_id = \(roomID) AND is_member", on: connection) ?? 0
            if members >= Room.memberLimit { throw StoreError.roomFull(roomID) }
            let rooms = try await one(
                Int.self, "SELECT COUNT(*)::bigint FROM membership WHERE user_id = \(userID) AND is_member", on: connection) ?? 0
            if rooms >= Room.roomsPerPersonLimit {
                throw StoreError.tooManyRooms(try await one(String.self, "SELECT name FROM users WHERE id = \(userID)", on: connection) ?? "")
            }
        }
        try await connection.query(
            """
            INSERT INTO membership (room_id, user_id, position)
            VALUES (\(roomID), \(userID), (SELECT COALESCE(MAX(position) + 1, 0) FROM membership WHERE room_id = \(roomID)))
            ON CONFLICT (room_id, user_id) DO UPDATE
            SET position = CASE WHEN membership.is_member THEN membership.position ELSE excluded.position END,
                notice_read = membership.is_member AND membership.notice_read, is_member = TRUE, removed = FALSE
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
        var found: (kind: String, name: String?, projectID: Int?, topic: String?, notice: String?, pinnedAt: Date?, writer: String?)?
        for try await row in try await connection.query(
            """
            SELECT room.kind, room.name, room.project_id, room.topic, notice.text, notice.pinned_at, users.name
            FROM room LEFT JOIN notice ON notice.room_id = room.id LEFT JOIN users ON users.id = notice.writer_id
            WHERE room.id = \(id)
            """, logger: quiet
        ).decode((String, String?, Int?, String?, String?, Date?, String?).self) {
            found = row
        }
        guard let found else { throw StoreError.noSuchRoom(id) }
        var members: [User] = []
        var departed: [User] = []
        var readers: [User] = []
        for try await (name, isMember, hasRead) in try await connection.query(
            """
            SELECT users.name, membership.is_member, membership.notice_read FROM membership JOIN users ON users.id = membership.user_id
            WHERE membership.room_id = \(id) ORDER BY membership.position
            """, logger: quiet
        ).decode((String, Bool, Bool).self) {
            if isMember { members.append(User(name: name)) } else { departed.append(User(name: name)) }
            if isMember && hasRead { readers.append(User(name: name)) }
        }
        var room = Room(
            id: id, kind: Room.Kind(rawValue: found.kind) ?? .group, members: members, departed: departed, name: found.name,
            projectID: found.projectID, topic: found.topic)
        if let text = found.notice, let pinnedAt = found.pinnedAt, let writer = found.writer {
            room.notice = RoomNotice(text: text, writer: User(name: writer), pinnedAt: pinnedAt, readBy: readers)
        }
        room.timer = try await timer(of: id, on: connection)
        room.sessions = try await sessions(of: id, on: connection)
        return room
    }

    // MARK: - Changes

    package func changes(for session: Session) async throws -> AsyncStream<StoreChange> {
        let now = clock.now()
        let (viewer, rooms, newest) = try await transaction { connection in
            let user = try await Self.signedIn(session.token, now: now, on: connection)
            var rooms: [Room] = []
            for roomID in try await Self.all(
                Int.self, "SELECT room_id FROM membership WHERE user_id = \(user.id) AND is_member", on: connection)
            {
                rooms.append(try await Self.room(id: roomID, on: connection))
            }
            // Each room's newest on its own: ids are in commit order within a room only.
            var newest: [Int: Int] = [:]
            for try await (roomID, id) in try await connection.query(
                """
                SELECT room.id, (SELECT MAX(id) FROM message WHERE room_id = room.id)
                FROM unnest(\(rooms.map(\.id))::BIGINT[]) AS room (id)
                """, logger: Self.quiet
            ).decode((Int, Int?).self) {
                newest[roomID] = id
            }
            return (user.user, rooms, newest)
        }
        return await feed.add(viewer: viewer, session: session, rooms: rooms, after: newest)
    }
}
