import Foundation
import TudyCore
import TudyWire

/// A room's pinned notice, through the server (feature `notices`).
extension RemoteChatStore {
    package func pinNotice(_ text: String, in roomID: Int, by session: Session) async throws -> Room {
        try require(.notices, for: "pinned notices")
        return try field(try await call(.pinNotice, session) { $0.roomID = roomID; $0.text = text }.room, .pinNotice)
    }

    package func readNotice(in roomID: Int, by session: Session) async throws -> Room {
        try require(.notices, for: "pinned notices")
        return try field(try await call(.readNotice, session) { $0.roomID = roomID }.room, .readNotice)
    }
}

/// A room's focus/break timer, through the server (feature `timers`).
extension RemoteChatStore {
    package func setTimer(_ plan: StudyTimer.Plan?, in roomID: Int, by session: Session) async throws -> Room {
        try require(.timers, for: "study timers")
        return try field(try await call(.setTimer, session) { $0.roomID = roomID; $0.timer = plan }.room, .setTimer)
    }
}

/// A room's study sessions and who is coming, through the server (feature `sessions`).
extension RemoteChatStore {
    package func addSession(startsAt: Date, minutes: Int, weekly: Bool, in roomID: Int, by session: Session) async throws -> Room {
        try require(.sessions, for: "study sessions")
        return try field(
            try await call(.addSession, session) { $0.roomID = roomID; $0.at = startsAt; $0.minutes = minutes; $0.weekly = weekly }.room,
            .addSession)
    }

    package func cancelSession(_ id: Int, in roomID: Int, by session: Session) async throws -> Room {
        try require(.sessions, for: "study sessions")
        return try field(try await call(.cancelSession, session) { $0.roomID = roomID; $0.sessionID = id }.room, .cancelSession)
    }

    package func answerSession(
        _ id: Int, meeting: Date, _ reply: StudySession.Reply, in roomID: Int, by session: Session
    ) async throws -> Room {
        try require(.sessions, for: "study sessions")
        return try field(
            try await call(.answerSession, session) { $0.roomID = roomID; $0.sessionID = id; $0.at = meeting; $0.text = reply.rawValue }.room,
            .answerSession)
    }
}

/// Who came to each meeting, through the server (feature `attendance`).
extension RemoteChatStore {
    package func checkIn(to sessionID: Int, meeting: Date, in roomID: Int, by session: Session) async throws -> AttendanceRecord {
        try require(.attendance, for: "attendance")
        let reply = try await call(.checkIn, session) { $0.roomID = roomID; $0.sessionID = sessionID; $0.at = meeting }
        return try field(reply.attendance?.first, .checkIn)
    }

    package func checkOut(of sessionID: Int, meeting: Date, in roomID: Int, by session: Session) async throws -> AttendanceRecord {
        try require(.attendance, for: "attendance")
        let reply = try await call(.checkOut, session) { $0.roomID = roomID; $0.sessionID = sessionID; $0.at = meeting }
        return try field(reply.attendance?.first, .checkOut)
    }

    package func attendance(in roomID: Int, since: Date, for session: Session) async throws -> [AttendanceRecord] {
        try require(.attendance, for: "attendance")
        return try field(try await call(.attendance, session) { $0.roomID = roomID; $0.at = since }.attendance, .attendance)
    }
}
