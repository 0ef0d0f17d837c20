import Foundation
import PostgresNIO
import TudyCore

/// Who came to each meeting: rows of `attendance`.
extension PostgresChatStore {
    package func checkIn(to sessionID: Int, meeting: Date, in roomID: Int, by session: Session) async throws -> AttendanceRecord {
        let now = clock.now()
        return try await transaction { connection in
            let user = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            guard let held = try await Self.sessions(of: roomID, on: connection).first(where: { $0.id == sessionID }) else {
                throw StoreError.noSuchSession(sessionID)
            }
            try Attendance.checkOpen(held, meeting: meeting, at: now)
            try await connection.query(
                """
                INSERT INTO attendance (room_id, session_id, meeting, user_id, checked_in_at)
                VALUES (\(roomID), \(sessionID), \(meeting), \(user.id), \(now))
                ON CONFLICT (session_id, meeting, user_id) DO NOTHING
                """, logger: Self.quiet)
            return try await Self.record(sessionID, meeting, user.id, roomID: roomID, on: connection) ?? AttendanceRecord(
                sessionID: sessionID, meeting: meeting, user: user.user, checkedInAt: now)
        }
    }

    package func checkOut(of sessionID: Int, meeting: Date, in roomID: Int, by session: Session) async throws -> AttendanceRecord {
        let now = clock.now()
        return try await transaction { connection in
            let user = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            try await connection.query(
                """
                UPDATE attendance SET checked_out_at = \(now)
                WHERE session_id = \(sessionID) AND meeting = \(meeting) AND user_id = \(user.id) AND room_id = \(roomID)
                """, logger: Self.quiet)
            guard let record = try await Self.record(sessionID, meeting, user.id, roomID: roomID, on: connection) else {
                throw StoreError.notCheckedIn(sessionID)
            }
            return record
        }
    }

    package func attendance(in roomID: Int, since: Date, for session: Session) async throws -> [AttendanceRecord] {
        let now = clock.now()
        return try await transaction { connection in
            try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            var records: [AttendanceRecord] = []
            for try await (sessionID, meeting, name, checkedIn, checkedOut) in try await connection.query(
                """
                SELECT attendance.session_id, attendance.meeting, users.name, attendance.checked_in_at, attendance.checked_out_at
                FROM attendance JOIN users ON users.id = attendance.user_id
                WHERE attendance.room_id = \(roomID) AND attendance.meeting >= \(since) ORDER BY attendance.meeting, attendance.id
                """, logger: Self.quiet
            ).decode((Int, Date, String, Date, Date?).self) {
                records.append(
                    AttendanceRecord(sessionID: sessionID, meeting: meeting, user: User(name: name), checkedInAt: checkedIn, checkedOutAt: checkedOut))
            }
            return records
        }
    }

    private static func record(_ sessionID: Int, _ meeting: Date, _ userID: Int, roomID: Int, on connection: PostgresConnection) async throws
        -> AttendanceRecord?
    {
        for try await (meeting, name, checkedIn, checkedOut) in try await connection.query(
            """
            SELECT attendance.meeting, users.name, attendance.checked_in_at, attendance.checked_out_at
            FROM attendance JOIN users ON users.id = attendance.user_id
            WHERE attendance.session_id = \(sessionID) AND attendance.meeting = \(meeting) AND attendance.user_id = \(userID)
              AND attendance.room_id = \(roomID)
            """, logger: quiet
        ).decode((Date, String, Date, Date?).self) {
            return AttendanceRecord(sessionID: sessionID, meeting: meeting, user: User(name: name), checkedInAt: checkedIn, checkedOutAt: checkedOut)
        }
        return nil
    }
}
