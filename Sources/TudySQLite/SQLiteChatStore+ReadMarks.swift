import Foundation
import GRDB
import TudyCore

// Quiet rooms and people, and read marks.
extension SQLiteChatStore {
    package func setQuiet(_ quiet: Quiet, _ isQuiet: Bool, by session: Session) async throws {
        let now = clock.now()
        try await write { db in
            switch quiet {
            case .room(let roomID):
                let userID = try Self.requireMember(roomID: roomID, session: session, now: now, in: db).id
                try db.run(sql: "UPDATE membership SET muted = ? WHERE room_id = ? AND user_id = ?", arguments: [isQuiet, roomID, userID])
            case .person(let name):
                let user = try Self.signedIn(session.token, now: now, in: db)
                let other = try Self.user(named: name, in: db)
                guard other.id != user.id else { throw StoreError.cannotIgnoreSelf }
                guard isQuiet else {
                    try db.run(sql: "DELETE FROM ignoring WHERE user_id = ? AND ignored_id = ?", arguments: [user.id, other.id])
                    return
                }
                let count = try db.fetchOne(Int.self, sql: "SELECT COUNT(*) FROM ignoring WHERE user_id = ?", arguments: [user.id]) ?? 0
                let already = try db.fetchOne(
                    Row.self, sql: "SELECT 1 FROM ignoring WHERE user_id = ? AND ignored_id = ?", arguments: [user.id, other.id]) != nil
                if !already && count >= Quiet.ignoreLimit { throw StoreError.tooManyIgnored }
                try db.run(sql: "INSERT OR IGNORE INTO ignoring (user_id, ignored_id) VALUES (?, ?)", arguments: [user.id, other.id])
            }
        }
    }

    package func quiet(of session: Session) async throws -> Set<Quiet> {
        let now = clock.now()
        return try await read { db in
            let userID = try Self.signedIn(session.token, now: now, in: db).id
            let rooms = try Int.fetchAll(
                db, sql: "SELECT room_id FROM membership WHERE user_id = ? AND is_member AND muted", arguments: [userID])
            let people = try String.fetchAll(
                db, sql: "SELECT user.name FROM ignoring JOIN user ON user.id = ignoring.ignored_id WHERE ignoring.user_id = ?",
                arguments: [userID])
            return Set(rooms.map(Quiet.room) + people.map(Quiet.person))
        }
    }

    package func markRead(roomID: Int, upTo messageID: Int, for session: Session) async throws {
        let now = clock.now()
        try await write { db in try Self.markRead(roomID: roomID, upTo: messageID, for: session, now: now, in: db) }
    }

    package func markRead(_ marks: [Int: Int], for session: Session) async throws {
        let now = clock.now()
        try await write { db in
            for (roomID, messageID) in marks.sorted(by: { $0.key < $1.key }) {
                try Self.markRead(roomID: roomID, upTo: messageID, for: session, now: now, in: db)
            }
        }
    }

    private static func markRead(roomID: Int, upTo messageID: Int, for session: Session, now: Date, in db: Database) throws {
        let userID = try requireMember(roomID: roomID, session: session, now: now, in: db).id
        // No further than the newest message: a mark past it would count what comes as read.
        let newest = try db.fetchOne(Int.self, sql: "SELECT MAX(id) FROM message WHERE room_id = ?", arguments: [roomID]) ?? 0
        try db.run(sql: """
                UPDATE membership SET last_read_message_id = ?
                WHERE room_id = ? AND user_id = ? AND last_read_message_id < ?
                """, arguments: [min(messageID, newest), roomID, userID, min(messageID, newest)])
    }

    package func readMarks(in roomID: Int, for session: Session) async throws -> [User: Int] {
        let now = clock.now()
        return try await read { db in
            _ = try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            let rows = try db.fetchAll(Row.self, sql: """
                    SELECT user.name, membership.last_read_message_id AS up_to FROM membership JOIN user ON user.id = membership.user_id
                    WHERE membership.room_id = ? AND membership.is_member AND membership.last_read_message_id > 0
                    """, arguments: [roomID])
            return Dictionary(uniqueKeysWithValues: rows.map { (User(name: $0["name"]), $0["up_to"] as Int) })
        }
    }
}
