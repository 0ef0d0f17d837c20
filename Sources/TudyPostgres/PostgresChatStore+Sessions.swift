import Foundation
import PostgresNIO
import TudyCore

/// A room's study sessions: rows of `study_session`, and each member's `session_answer`.
extension PostgresChatStore {
    package func addSession(startsAt: Date, minutes: Int, weekly: Bool, in roomID: Int, by session: Session) async throws -> Room {
        let now = clock.now()
        return try await transaction { connection in
            let user = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            var room = try await Self.room(id: roomID, on: connection)
            try StudySession.checkScheduling(by: user.user, in: room, project: try await Self.project(of: room, on: connection))
            for over in room.sessions where over.isOver(at: now) { try await Self.deleteSession(over.id, on: connection) }
            room.sessions.removeAll { $0.isOver(at: now) }
            try StudySession.checkNew(startsAt: startsAt, minutes: minutes, in: room, now: now)
            try await connection.query(
                """
                INSERT INTO study_session (room_id, starts_at, minutes, weekly, created_by)
                VALUES (\(roomID), \(startsAt), \(minutes), \(weekly), \(user.id))
                """, logger: Self.quiet)
            try await Self.notifyRoom(roomID, on: connection)
            return try await Self.room(id: roomID, on: connection)
        }
    }

    package func cancelSession(_ id: Int, in roomID: Int, by session: Session) async throws -> Room {
        let now = clock.now()
        return try await transaction { connection in
            let user = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            let room = try await Self.room(id: roomID, on: connection)
            try StudySession.checkScheduling(by: user.user, in: room, project: try await Self.project(of: room, on: connection))
            guard room.sessions.contains(where: { $0.id == id }) else { throw StoreError.noSuchSession(id) }
            try await Self.deleteSession(id, on: connection)
            try await Self.notifyRoom(roomID, on: connection)
            return try await Self.room(id: roomID, on: connection)
        }
    }

    package func answerSession(
        _ id: Int, meeting: Date, _ reply: StudySession.Reply, in roomID: Int, by session: Session
    ) async throws -> Room {
        let now = clock.now()
        return try await transaction { connection in
            let user = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            // Answers to one session are written one at a time: a study room's last place is
            // given once.
            try await connection.query("SELECT id FROM study_session WHERE id = \(id) FOR UPDATE", logger: Self.quiet)
            let room = try await Self.room(id: roomID, on: connection)
            guard let held = room.sessions.first(where: { $0.id == id }) else { throw StoreError.noSuchSession(id) }
            let capacity = try await Self.project(of: room, on: connection)?.capacity
            try held.checkAnswer(reply, by: user.user, for: meeting, capacity: capacity, now: now)
            let over = now.addingTimeInterval(-TimeInterval(held.minutes * 60))
            try await connection.query(
                """
                DELETE FROM session_answer
                WHERE session_id = \(id) AND (meeting <= \(over) OR (user_id = \(user.id) AND meeting = \(meeting)))
                """, logger: Self.quiet)
            try await connection.query(
                """
                INSERT INTO session_answer (session_id, user_id, meeting, reply) VALUES (\(id), \(user.id), \(meeting), \(reply.rawValue))
                """, logger: Self.quiet)
            try await Self.notifyRoom(roomID, on: connection)
            return try await Self.room(id: roomID, on: connection)
        }
    }

    /// The post whose study room `room` is, while there is one.
    private static func project(of room: Room, on connection: PostgresConnection) async throws -> Project? {
        guard let projectID = room.projectID else { return nil }
        return try await project(id: projectID, on: connection)
    }

    private static func deleteSession(_ id: Int, on connection: PostgresConnection) async throws {
        try await connection.query("DELETE FROM session_answer WHERE session_id = \(id)", logger: quiet)
        try await connection.query("DELETE FROM study_session WHERE id = \(id)", logger: quiet)
    }

    /// The room's sessions, in the order they were added, each with its answers in the order given.
    static func sessions(of roomID: Int, on connection: PostgresConnection) async throws -> [StudySession] {
        var sessions: [StudySession] = []
        for try await (id, startsAt, minutes, weekly, creator) in try await connection.query(
            """
            SELECT study_session.id, study_session.starts_at, study_session.minutes, study_session.weekly, users.name
            FROM study_session JOIN users ON users.id = study_session.created_by
            WHERE study_session.room_id = \(roomID) ORDER BY study_session.id
            """, logger: quiet
        ).decode((Int, Date, Int, Bool, String).self) {
            sessions.append(StudySession(id: id, startsAt: startsAt, minutes: minutes, isWeekly: weekly, createdBy: User(name: creator)))
        }
        guard !sessions.isEmpty else { return [] }
        for try await (sessionID, meeting, reply, name) in try await connection.query(
            """
            SELECT session_answer.session_id, session_answer.meeting, session_answer.reply, users.name
            FROM session_answer JOIN users ON users.id = session_answer.user_id
            WHERE session_answer.session_id = ANY(\(sessions.map(\.id))) ORDER BY session_answer.id
            """, logger: quiet
        ).decode((Int, Date, String, String).self) {
            guard let index = sessions.firstIndex(where: { $0.id == sessionID }) else { continue }
            sessions[index].answers.append(
                StudySession.Answer(user: User(name: name), reply: StudySession.Reply(rawValue: reply) ?? .maybe, occurrence: meeting))
        }
        return sessions
    }
}
