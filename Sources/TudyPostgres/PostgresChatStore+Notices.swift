import Foundation
import PostgresNIO
import TudyCore

/// A room's pinned notice: a row of `notice`, and each member's `notice_read`.
extension PostgresChatStore {
    package func pinNotice(_ text: String, in roomID: Int, by session: Session) async throws -> Room {
        let text = try RoomNotice.checkedText(text)
        let now = clock.now()
        return try await transaction { connection in
            let writer = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            let room = try await Self.room(id: roomID, on: connection)
            var project: Project?
            if let projectID = room.projectID { project = try await Self.project(id: projectID, on: connection) }
            try RoomNotice.checkPinning(by: writer.user, in: room, project: project)
            if let text {
                try await connection.query(
                    """
                    INSERT INTO notice (room_id, text, writer_id, pinned_at) VALUES (\(roomID), \(text), \(writer.id), \(now))
                    ON CONFLICT (room_id) DO UPDATE SET text = excluded.text, writer_id = excluded.writer_id, pinned_at = excluded.pinned_at
                    """, logger: Self.quiet)
                try await connection.query(
                    "UPDATE membership SET notice_read = (user_id = \(writer.id)) WHERE room_id = \(roomID)", logger: Self.quiet)
            } else {
                try await connection.query("DELETE FROM notice WHERE room_id = \(roomID)", logger: Self.quiet)
            }
            try await Self.notifyRoom(roomID, on: connection)
            return try await Self.room(id: roomID, on: connection)
        }
    }

    package func readNotice(in roomID: Int, by session: Session) async throws -> Room {
        let now = clock.now()
        return try await transaction { connection in
            let reader = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            let marked = try await Self.one(
                Int.self,
                """
                WITH marked AS (
                    UPDATE membership SET notice_read = TRUE
                    WHERE room_id = \(roomID) AND user_id = \(reader.id) AND NOT notice_read
                      AND EXISTS (SELECT 1 FROM notice WHERE room_id = \(roomID))
                    RETURNING 1)
                SELECT count(*)::bigint FROM marked
                """, on: connection) ?? 0
            if marked > 0 { try await Self.notifyRoom(roomID, on: connection) }
            return try await Self.room(id: roomID, on: connection)
        }
    }
}
