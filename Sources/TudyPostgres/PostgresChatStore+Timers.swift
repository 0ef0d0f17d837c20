import Foundation
import PostgresNIO
import TudyCore

/// A room's focus/break timer: a row of `room_timer`.
extension PostgresChatStore {
    package func setTimer(_ plan: StudyTimer.Plan?, in roomID: Int, by session: Session) async throws -> Room {
        let plan = try plan?.checked()
        let now = clock.now()
        return try await transaction { connection in
            let starter = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            if let plan {
                try await connection.query(
                    """
                    INSERT INTO room_timer (room_id, focus_minutes, break_minutes, rounds, started_at, started_by)
                    VALUES (\(roomID), \(plan.focusMinutes), \(plan.breakMinutes), \(plan.rounds), \(now), \(starter.id))
                    ON CONFLICT (room_id) DO UPDATE SET focus_minutes = excluded.focus_minutes,
                        break_minutes = excluded.break_minutes, rounds = excluded.rounds, started_at = excluded.started_at,
                        started_by = excluded.started_by
                    """, logger: Self.quiet)
            } else {
                try await connection.query("DELETE FROM room_timer WHERE room_id = \(roomID)", logger: Self.quiet)
            }
            try await Self.notifyRoom(roomID, on: connection)
            return try await Self.room(id: roomID, on: connection)
        }
    }

    /// The timer the room runs, if any.
    static func timer(of roomID: Int, on connection: PostgresConnection) async throws -> StudyTimer? {
        for try await (focus, rest, rounds, startedAt, starter) in try await connection.query(
            """
            SELECT room_timer.focus_minutes, room_timer.break_minutes, room_timer.rounds, room_timer.started_at, users.name
            FROM room_timer JOIN users ON users.id = room_timer.started_by WHERE room_timer.room_id = \(roomID)
            """, logger: quiet
        ).decode((Int, Int, Int, Date, String).self) {
            return StudyTimer(
                plan: StudyTimer.Plan(focusMinutes: focus, breakMinutes: rest, rounds: rounds), startedAt: startedAt,
                startedBy: User(name: starter))
        }
        return nil
    }
}
