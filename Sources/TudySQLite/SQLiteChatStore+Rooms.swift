import Foundation
import GRDB
import TudyCore

// Rooms and memberships: every query joins the membership of the acting user.
extension SQLiteChatStore {
    // MARK: - Rooms

    package func rooms(of session: Session) async throws -> [RoomSummary] {
        let now = clock.now()
        return try await read { db in
            let userID = try Self.signedIn(session.token, now: now, in: db).id
            let rows = try db.fetchAll(Row.self, sql: "SELECT room_id, last_read_message_id FROM membership WHERE user_id = ? AND is_member",
                arguments: [userID])
            let summaries = try rows.map { row in
                let roomID: Int64 = row["room_id"]
                let lastRead: Int64 = row["last_read_message_id"]
                let unread = try db.fetchOne(
                    Int.self,
                    sql: """
                        SELECT COUNT(*) FROM (
                            SELECT 1 FROM message WHERE room_id = ? AND id > ? AND sender_id <> ? AND status <> 'deleted'
                              AND sender_id NOT IN (SELECT ignored_id FROM ignoring WHERE user_id = ?) LIMIT ?
                        )
                        """, arguments: [roomID, lastRead, userID, userID, RoomSummary.unreadLimit]) ?? 0
                return RoomSummary(
                    room: try Self.room(id: roomID, in: db),
                    lastMessage: try Self.messages(roomID: roomID, before: nil, limit: 1, in: db).messages.last,
                    unreadCount: unread)
            }
            return summaries.sorted {
                ($0.lastMessage?.id ?? 0, $0.room.id) > ($1.lastMessage?.id ?? 0, $1.room.id)
            }
        }
    }

    package func room(id: Int, for session: Session) async throws -> Room {
        let now = clock.now()
        return try await read { db in
            try Self.requireMember(roomID: id, session: session, now: now, in: db)
            return try Self.room(id: Int64(id), in: db)
        }
    }

    package func directRoom(between session: Session, and other: User) async throws -> Room {
        let now = clock.now()
        return try await write { db in
            try Self.directRoom(
                between: try Self.signedIn(session.token, now: now, in: db), and: try Self.user(named: other.name, in: db), in: db)
        }
    }

    static func directRoom(between first: (id: Int64, user: User), and second: (id: Int64, user: User), in db: Database) throws -> Room {
        guard first.id != second.id else { throw StoreError.cannotChatWithSelf }
        let key = [Accounts.key(first.user.name), Accounts.key(second.user.name)].sorted().joined(separator: " ")
        let roomID: Int64
        if let existing = try db.fetchOne(Int64.self, sql: "SELECT id FROM room WHERE direct_key = ?", arguments: [key]) {
            // Someone who left a 1:1 room comes back to it rather than getting a second one.
            roomID = existing
        } else {
            try db.run(sql: "INSERT INTO room (kind, direct_key) VALUES ('direct', ?)", arguments: [key])
            roomID = db.lastInsertedRowID
        }
        try admit(userID: first.id, roomID: roomID, in: db)
        try admit(userID: second.id, roomID: roomID, in: db)
        return try room(id: roomID, in: db)
    }

    package func leave(roomID: Int, session: Session) async throws {
        let now = clock.now()
        try await write { db in
            let userID = try Self.requireMember(roomID: roomID, session: session, now: now, in: db).id
            // Those who left are listed in the order they left, after those who stay.
            try db.run(sql: """
                    UPDATE membership SET is_member = 0, position = (SELECT MAX(position) + 1 FROM membership WHERE room_id = ?)
                    WHERE room_id = ? AND user_id = ?
                    """, arguments: [roomID, roomID, userID])
        }
    }

    package func join(projectID: Int, by session: Session) async throws -> Room {
        let now = clock.now()
        return try await write { db in
            let user = try Self.signedIn(session.token, now: now, in: db)
            let project = try Self.project(id: Int64(projectID), in: db)
            let room = try project.roomID.map { try Self.room(id: Int64($0), in: db) }
            let wasRemoved = try project.roomID.flatMap { roomID in
                try db.fetchOne(Bool.self, sql: "SELECT removed FROM membership WHERE room_id = ? AND user_id = ?", arguments: [roomID, user.id])
            }
            switch try StudyRoom.admission(of: user.user, to: project, room: room, wasRemoved: wasRemoved ?? false) {
            case .alreadyIn(let roomID):
                return try Self.room(id: Int64(roomID), in: db)
            case .open:
                try db.run(sql: "INSERT INTO room (kind, name, project_id) VALUES ('group', ?, ?)", arguments: [project.title, projectID])
                let roomID = db.lastInsertedRowID
                try Self.admit(userID: try Self.user(named: project.writer.name, in: db).id, roomID: roomID, in: db)
                try Self.admit(userID: user.id, roomID: roomID, in: db)
                return try Self.room(id: roomID, in: db)
            case .admit(let roomID):
                try Self.admit(userID: user.id, roomID: Int64(roomID), in: db)
                return try Self.room(id: Int64(roomID), in: db)
            }
        }
    }

    package func kick(_ kicked: User, from roomID: Int, by session: Session) async throws -> Room {
        let now = clock.now()
        return try await write { db in
            let remover = try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            let kicked = try Self.user(named: kicked.name, in: db)
            let room = try Self.room(id: Int64(roomID), in: db)
            let project = try room.projectID.map { try Self.project(id: Int64($0), in: db) }
            try StudyRoom.checkRemoval(of: kicked.user, from: room, project: project, by: remover.user)
            try db.run(sql: """
                    UPDATE membership SET is_member = 0, removed = 1,
                        position = (SELECT MAX(position) + 1 FROM membership WHERE room_id = ?)
                    WHERE room_id = ? AND user_id = ?
                    """, arguments: [roomID, roomID, kicked.id])
            return try Self.room(id: Int64(roomID), in: db)
        }
    }

    package func rename(roomID: Int, to name: String, by session: Session) async throws -> Room {
        let name = try Room.checkedName(name)
        return try await setRoom("name", to: name, roomID: roomID, by: session) { room in
            guard room.kind == .group else { throw StoreError.cannotRenameDirect(roomID) }
        }
    }

    package func setTopic(roomID: Int, to topic: String, by session: Session) async throws -> Room {
        try await setRoom("topic", to: try Room.checkedTopic(topic), roomID: roomID, by: session)
    }

    /// Sets a column of a room the session's user is in (the v18 trigger tells its
    /// watchers), once `check` allows it; the room as it is now.
    private func setRoom(
        _ column: String, to value: String?, roomID: Int, by session: Session,
        check: @escaping @Sendable (Room) throws -> Void = { _ in }
    ) async throws -> Room {
        let now = clock.now()
        return try await write { db in
            try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            try check(try Self.room(id: Int64(roomID), in: db))
            try db.run(sql: "UPDATE room SET \(column) = ? WHERE id = ?", arguments: [value, roomID])
            return try Self.room(id: Int64(roomID), in: db)
        }
    }

    /// Makes the user a member; one who comes back is listed after those who stayed.
    /// - Throws: `StoreError.roomFull` or `.tooManyRooms` past `Room`'s limits, for someone not
    ///   in the room already.
    static func admit(userID: Int64, roomID: Int64, in db: Database) throws {
        let isMember = try db.fetchOne(
            Bool.self, sql: "SELECT is_member FROM membership WHERE room_id = ? AND user_id = ?", arguments: [roomID, userID])
        if isMember != true {
            let members = try db.fetchOne(
                Int.self, sql: "SELECT COUNT(*) FROM membership WHERE room_id = ? AND is_member", arguments: [roomID]) ?? 0
            if members >= Room.memberLimit { throw StoreError.roomFull(Int(roomID)) }
            let rooms = try db.fetchOne(
                Int.self, sql: "SELECT COUNT(*) FROM membership WHERE user_id = ? AND is_member", arguments: [userID]) ?? 0
            if rooms >= Room.roomsPerPersonLimit {
                throw StoreError.tooManyRooms(try db.fetchOne(String.self, sql: "SELECT name FROM user WHERE id = ?", arguments: [userID]) ?? "")
            }
        }
        try db.run(sql: """
                INSERT INTO membership (room_id, user_id, position)
                VALUES (?, ?, (SELECT COALESCE(MAX(position) + 1, 0) FROM membership WHERE room_id = ?))
                ON CONFLICT (room_id, user_id) DO UPDATE
                SET position = CASE WHEN is_member THEN position ELSE excluded.position END,
                    notice_read = CASE WHEN is_member THEN notice_read ELSE 0 END, is_member = 1, removed = 0
                """, arguments: [roomID, userID, roomID])
    }

    /// The session's user when they are in the room.
    /// - Throws: `StoreError.sessionEnded` for a session that is not current; `.noSuchRoom` for a
    ///   room they are not in, as for a missing room.
    @discardableResult
    static func requireMember(roomID: Int, session: Session, now: Date, in db: Database) throws -> (id: Int64, user: User) {
        // One statement for both checks: every send and read of a room makes them.
        guard
            let row = try db.fetchOne(Row.self, sql: """
                    SELECT user.id, user.name, EXISTS (
                        SELECT 1 FROM membership WHERE membership.room_id = ? AND membership.user_id = user.id AND membership.is_member)
                    FROM session JOIN user ON user.id = session.user_id
                    WHERE session.token_hash = ? AND session.expires_at > ?
                    """, arguments: [roomID, session.token.hash, StoreDate.text(now)])
        else { throw StoreError.sessionEnded }
        guard row[2] as Bool else { throw StoreError.noSuchRoom(roomID) }
        return (row[0], User(name: row[1]))
    }

    static func room(id: Int64, in db: Database) throws -> Room {
        guard let row = try db.fetchOne(Row.self, sql: "SELECT kind, name, project_id, topic FROM room WHERE id = ?", arguments: [id]) else {
            throw StoreError.noSuchRoom(Int(id))
        }
        let rows = try db.fetchAll(Row.self, sql: """
                SELECT user.name, membership.is_member, membership.notice_read FROM membership JOIN user ON user.id = membership.user_id
                WHERE membership.room_id = ? ORDER BY membership.position
                """, arguments: [id])
        let members = rows.filter { $0["is_member"] }.map { User(name: $0["name"]) }
        let departed = rows.filter { !($0["is_member"] as Bool) }.map { User(name: $0["name"]) }
        let readers = rows.filter { $0["is_member"] && $0["notice_read"] }.map { User(name: $0["name"]) }
        var room = Room(
            id: Int(id), kind: Room.Kind(rawValue: row["kind"]) ?? .group, members: members, departed: departed, name: row["name"],
            projectID: row["project_id"], topic: row["topic"])
        room.notice = try notice(of: id, readBy: readers, in: db)
        room.timer = try timer(of: id, in: db)
        room.sessions = try sessions(of: id, in: db)
        return room
    }
}
