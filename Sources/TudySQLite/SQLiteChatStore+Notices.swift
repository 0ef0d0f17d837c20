import Foundation
import GRDB
import TudyCore

/// A room's pinned notice: a row of `notice`, and each member's `notice_read`.
extension SQLiteChatStore {
    package func pinNotice(_ text: String, in roomID: Int, by session: Session) async throws -> Room {
        let text = try RoomNotice.checkedText(text)
        let now = clock.now()
        return try await write { db in
            let writer = try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            let room = try Self.room(id: Int64(roomID), in: db)
            try RoomNotice.checkPinning(by: writer.user, in: room, project: try room.projectID.map { try Self.project(id: Int64($0), in: db) })
            guard let text else {
                try db.run(sql: "DELETE FROM notice WHERE room_id = ?", arguments: [roomID])
                return try Self.room(id: Int64(roomID), in: db)
            }
            try db.run(sql: """
                    INSERT INTO notice (room_id, text, writer_id, pinned_at) VALUES (?, ?, ?, ?)
                    ON CONFLICT (room_id) DO UPDATE SET text = excluded.text, writer_id = excluded.writer_id, pinned_at = excluded.pinned_at
                    """, arguments: [roomID, text, writer.id, StoreDate.text(now)])
            try db.run(sql: "UPDATE membership SET notice_read = (user_id = ?) WHERE room_id = ?", arguments: [writer.id, roomID])
            return try Self.room(id: Int64(roomID), in: db)
        }
    }

    package func readNotice(in roomID: Int, by session: Session) async throws -> Room {
        let now = clock.now()
        return try await write { db in
            let reader = try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            try db.run(sql: """
                    UPDATE membership SET notice_read = 1
                    WHERE room_id = ? AND user_id = ? AND NOT notice_read AND EXISTS (SELECT 1 FROM notice WHERE room_id = ?)
                    """, arguments: [roomID, reader.id, roomID])
            return try Self.room(id: Int64(roomID), in: db)
        }
    }

    /// The room's notice, read by `readers` (its members who have, in the room's order).
    static func notice(of roomID: Int64, readBy readers: [User], in db: Database) throws -> RoomNotice? {
        guard let row = try db.fetchOne(Row.self, sql: """
                SELECT notice.text, notice.pinned_at, user.name AS writer FROM notice JOIN user ON user.id = notice.writer_id
                WHERE notice.room_id = ?
                """, arguments: [roomID])
        else { return nil }
        return RoomNotice(text: row["text"], writer: User(name: row["writer"]), pinnedAt: StoreDate.column(row, "pinned_at"), readBy: readers)
    }
}
