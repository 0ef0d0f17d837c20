import Foundation
import PostgresNIO
import TudyCore

// Quiet rooms and people, and read marks.
extension PostgresChatStore {
    package func setQuiet(_ quiet: Quiet, _ isQuiet: Bool, by session: Session) async throws {
        let now = clock.now()
        try await transaction { connection in
            switch quiet {
            case .room(let roomID):
                let userID = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection).id
                try await connection.query(
                    "UPDATE membership SET muted = \(isQuiet) WHERE room_id = \(roomID) AND user_id = \(userID)", logger: Self.quiet)
            case .person(let name):
                let user = try await Self.signedIn(session.token, now: now, on: connection)
                let other = try await Self.user(named: name, on: connection)
                guard other.id != user.id else { throw StoreError.cannotIgnoreSelf }
                guard isQuiet else {
                    try await connection.query(
                        "DELETE FROM ignoring WHERE user_id = \(user.id) AND ignored_id = \(other.id)", logger: Self.quiet)
                    return
                }
                // The user's own row first: two ignores of theirs at once take turns at the limit.
                _ = try await Self.one(Int.self, "SELECT id FROM users WHERE id = \(user.id) FOR UPDATE", on: connection)
                let count = try await Self.one(
                    Int.self, "SELECT COUNT(*)::BIGINT FROM ignoring WHERE user_id = \(user.id)", on: connection) ?? 0
                let already = try await Self.one(
                    Int.self, "SELECT ignored_id FROM ignoring WHERE user_id = \(user.id) AND ignored_id = \(other.id)", on: connection) != nil
                if !already && count >= Quiet.ignoreLimit { throw StoreError.tooManyIgnored }
                try await connection.query(
                    "INSERT INTO ignoring (user_id, ignored_id) VALUES (\(user.id), \(other.id)) ON CONFLICT DO NOTHING", logger: Self.quiet)
            }
        }
    }

    package func quiet(of session: Session) async throws -> Set<Quiet> {
        let now = clock.now()
        return try await transaction { connection in
            let userID = try await Self.signedIn(session.token, now: now, on: connection).id
            let rooms = try await Self.all(
                Int.self, "SELECT room_id FROM membership WHERE user_id = \(userID) AND is_member AND muted", on: connection)
            let people = try await Self.all(
                String.self,
                "SELECT users.name FROM ignoring JOIN users ON users.id = ignoring.ignored_id WHERE ignoring.user_id = \(userID)",
                on: connection)
            return Set(rooms.map(Quiet.room) + people.map(Quiet.person))
        }
    }

    package func markRead(roomID: Int, upTo messageID: Int, for session: Session) async throws {
        let now = clock.now()
        try await transaction { connection in
            let reader = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            // No further than the newest message: a mark past it would count what comes as
            // read. The members are told when it moved, by a notification that says how far.
            try await connection.query(
                """
                WITH moved AS (
                    UPDATE membership SET last_read_message_id = newest.up_to
                    FROM (SELECT LEAST(\(messageID), COALESCE(MAX(id), 0)) AS up_to FROM message WHERE room_id = \(roomID)) AS newest
                    WHERE membership.room_id = \(roomID) AND membership.user_id = \(reader.id)
                      AND membership.last_read_message_id < newest.up_to
                    RETURNING newest.up_to
                )
                SELECT pg_notify(\(PostgresChangeFeed.channel), \(PostgresChangeFeed.readPrefix(roomID: roomID)) || up_to::text || \(":" + reader.user.name))
                FROM moved
                """, logger: Self.quiet)
        }
    }

    package func readMarks(in roomID: Int, for session: Session) async throws -> [User: Int] {
        let now = clock.now()
        return try await transaction { connection in
            try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            var marks: [User: Int] = [:]
            for try await (name, upTo) in try await connection.query(
                """
                SELECT users.name, membership.last_read_message_id FROM membership JOIN users ON users.id = membership.user_id
                WHERE membership.room_id = \(roomID) AND membership.is_member AND membership.last_read_message_id > 0
                """, logger: Self.quiet
            ).decode((String, Int).self) {
                marks[User(name: name)] = upTo
            }
            return marks
        }
    }
}
