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
