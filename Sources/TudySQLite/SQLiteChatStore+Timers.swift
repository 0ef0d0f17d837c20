import Foundation
import GRDB
import TudyCore

/// A room's focus/break timer: a row of `room_timer`.
extension SQLiteChatStore {
    package func setTimer(_ plan: StudyTimer.Plan?, in roomID: Int, by session: Session) async throws -> Room {
        let plan = try plan?.checked()
        let now = clock.now()
        return try await write { db in
            let starter = try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            if let plan {
                try db.run(sql: """
                        INSERT INTO room_timer (room_id, focus_minutes, break_minutes, rounds, started_at, started_by)
                        VALUES (?, ?, ?, ?, ?, ?)
                        ON CONFLICT (room_id) DO UPDATE SET focus_minutes = excluded.focus_minutes,
                            break_minutes = excluded.break_minutes, rounds = excluded.rounds, started_at = excluded.started_at,
                            started_by = excluded.started_by
                        """, arguments: [roomID, plan.focusMinutes, plan.breakMinutes, plan.rounds, StoreDate.text(now), starter.id])
            } else {
                try db.run(sql: "DELETE FROM room_timer WHERE room_id = ?", arguments: [roomID])
            }
            return try Self.room(id: Int64(roomID), in: db)
        }
    }

    /// The timer the room runs, if any.
    static func timer(of roomID: Int64, in db: Database) throws -> StudyTimer? {
        guard let row = try db.fetchOne(Row.self, sql: """
                SELECT room_timer.*, user.name AS starter FROM room_timer JOIN user ON user.id = room_timer.started_by
                WHERE room_timer.room_id = ?
                """, arguments: [roomID])
        else { return nil }
        let plan = StudyTimer.Plan(focusMinutes: row["focus_minutes"], breakMinutes: row["break_minutes"], rounds: row["rounds"])
        return StudyTimer(plan: plan, startedAt: StoreDate.column(row, "started_at"), startedBy: User(name: row["starter"]))
    }
}
