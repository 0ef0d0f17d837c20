import Foundation
import GRDB
import TudyCore

/// A room's study sessions: rows of `study_session`, and each member's `session_answer`.
extension SQLiteChatStore {
    package func addSession(startsAt: Date, minutes: Int, weekly: Bool, in roomID: Int, by session: Session) async throws -> Room {
        let now = clock.now()
        return try await write { db in
            let user = try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            var room = try Self.room(id: Int64(roomID), in: db)
            try StudySession.checkScheduling(by: user.user, in: room, project: try room.projectID.map { try Self.project(id: Int64($0), in: db) })
            for over in room.sessions where over.isOver(at: now) { try Self.deleteSession(over.id, in: db) }
            room.sessions.removeAll { $0.isOver(at: now) }
            try StudySession.checkNew(startsAt: startsAt, minutes: minutes, in: room, now: now)
            try db.run(
                sql: "INSERT INTO study_session (room_id, starts_at, minutes, weekly, created_by) VALUES (?, ?, ?, ?, ?)",
                arguments: [roomID, StoreDate.text(startsAt), minutes, weekly, user.id])
            return try Self.room(id: Int64(roomID), in: db)
        }
    }

    package func cancelSession(_ id: Int, in roomID: Int, by session: Session) async throws -> Room {
        let now = clock.now()
        return try await write { db in
            let user = try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            let room = try Self.room(id: Int64(roomID), in: db)
            try StudySession.checkScheduling(by: user.user, in: room, project: try room.projectID.map { try Self.project(id: Int64($0), in: db) })
            guard room.sessions.contains(where: { $0.id == id }) else { throw StoreError.noSuchSession(id) }
            try Self.deleteSession(id, in: db)
            return try Self.room(id: Int64(roomID), in: db)
        }
    }

    package func answerSession(
        _ id: Int, meeting: Date, _ reply: StudySession.Reply, in roomID: Int, by session: Session
    ) async throws -> Room {
        let now = clock.now()
        return try await write { db in
            let user = try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            let room = try Self.room(id: Int64(roomID), in: db)
            guard let held = room.sessions.first(where: { $0.id == id }) else { throw StoreError.noSuchSession(id) }
            let capacity = try room.projectID.map { try Self.project(id: Int64($0), in: db).capacity }
            try held.checkAnswer(reply, by: user.user, for: meeting, capacity: capacity, now: now)
            // Answers for meetings over are dropped; the user's answer goes after the others.
            try db.run(
                sql: "DELETE FROM session_answer WHERE session_id = ? AND (meeting <= ? OR (user_id = ? AND meeting = ?))",
                arguments: [id, StoreDate.text(now.addingTimeInterval(-TimeInterval(held.minutes * 60))), user.id, StoreDate.text(meeting)])
            try db.run(
                sql: "INSERT INTO session_answer (session_id, user_id, meeting, reply) VALUES (?, ?, ?, ?)",
                arguments: [id, user.id, StoreDate.text(meeting), reply.rawValue])
            return try Self.room(id: Int64(roomID), in: db)
        }
    }

    private static func deleteSession(_ id: Int, in db: Database) throws {
        try db.run(sql: "DELETE FROM session_answer WHERE session_id = ?", arguments: [id])
        try db.run(sql: "DELETE FROM study_session WHERE id = ?", arguments: [id])
    }

    /// The room's sessions, in the order they were added, each with its answers in the order given.
    static func sessions(of roomID: Int64, in db: Database) throws -> [StudySession] {
        let rows = try db.fetchAll(Row.self, sql: """
                SELECT study_session.*, user.name AS creator FROM study_session JOIN user ON user.id = study_session.created_by
                WHERE study_session.room_id = ? ORDER BY study_session.id
                """, arguments: [roomID])
        guard !rows.isEmpty else { return [] }
        let answers = try db.fetchAll(Row.self, sql: """
                SELECT session_answer.session_id, session_answer.meeting, session_answer.reply, user.name
                FROM session_answer JOIN user ON user.id = session_answer.user_id
                WHERE session_answer.session_id IN (SELECT id FROM study_session WHERE room_id = ?) ORDER BY session_answer.rowid
                """, arguments: [roomID])
        return rows.map { row in
            let id: Int = row["id"]
            return StudySession(
                id: id, startsAt: StoreDate.column(row, "starts_at"), minutes: row["minutes"], isWeekly: row["weekly"],
                createdBy: User(name: row["creator"]),
                answers: answers.filter { ($0["session_id"] as Int) == id }.map {
                    StudySession.Answer(
                        user: User(name: $0["name"]), reply: StudySession.Reply(rawValue: $0["reply"]) ?? .maybe,
                        occurrence: StoreDate.column($0, "meeting"))
                })
        }
    }
}

/// Who came to each meeting: rows of `attendance`.
extension SQLiteChatStore {
    package func checkIn(to sessionID: Int, meeting: Date, in roomID: Int, by session: Session) async throws -> AttendanceRecord {
        let now = clock.now()
        return try await write { db in
            let user = try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            guard let held = try Self.sessions(of: Int64(roomID), in: db).first(where: { $0.id == sessionID }) else {
                throw StoreError.noSuchSession(sessionID)
            }
            try Attendance.checkOpen(held, meeting: meeting, at: now)
            try db.run(sql: """
                    INSERT INTO attendance (room_id, session_id, meeting, user_id, checked_in_at) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (session_id, meeting, user_id) DO NOTHING
                    """, arguments: [roomID, sessionID, StoreDate.text(meeting), user.id, StoreDate.text(now)])
            return try Self.attendance(roomID: roomID, where: "attendance.session_id = ? AND attendance.meeting = ? AND attendance.user_id = ?",
                arguments: [sessionID, StoreDate.text(meeting), user.id], in: db)[0]
        }
    }

    package func checkOut(of sessionID: Int, meeting: Date, in roomID: Int, by session: Session) async throws -> AttendanceRecord {
        let now = clock.now()
        return try await write { db in
            let user = try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            try db.run(
                sql: "UPDATE attendance SET checked_out_at = ? WHERE session_id = ? AND meeting = ? AND user_id = ? AND room_id = ?",
                arguments: [StoreDate.text(now), sessionID, StoreDate.text(meeting), user.id, roomID])
            guard db.changesCount > 0 else { throw StoreError.notCheckedIn(sessionID) }
            return try Self.attendance(roomID: roomID, where: "attendance.session_id = ? AND attendance.meeting = ? AND attendance.user_id = ?",
                arguments: [sessionID, StoreDate.text(meeting), user.id], in: db)[0]
        }
    }

    package func attendance(in roomID: Int, since: Date, for session: Session) async throws -> [AttendanceRecord] {
        let now = clock.now()
        return try await read { db in
            try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            return try Self.attendance(roomID: roomID, where: "attendance.meeting >= ?", arguments: [StoreDate.text(since)], in: db)
        }
    }

    private static func attendance(roomID: Int, where condition: String, arguments: StatementArguments, in db: Database) throws -> [AttendanceRecord] {
        try db.fetchAll(Row.self, sql: """
                SELECT attendance.*, user.name FROM attendance JOIN user ON user.id = attendance.user_id
                WHERE attendance.room_id = ? AND \(condition) ORDER BY attendance.meeting, attendance.rowid
                """, arguments: [roomID] + arguments).map { row in
            AttendanceRecord(
                sessionID: row["session_id"], meeting: StoreDate.column(row, "meeting"), user: User(name: row["name"]),
                checkedInAt: StoreDate.column(row, "checked_in_at"),
                checkedOutAt: (row["checked_out_at"] as String?).map { _ in StoreDate.column(row, "checked_out_at") })
        }
    }
}
