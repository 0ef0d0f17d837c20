import Foundation

/// A room's study sessions and who is coming, kept with the room.
extension InMemoryChatStore {
    public func addSession(startsAt: Date, minutes: Int, weekly: Bool, in roomID: Int, by session: Session) async throws -> Room {
        let now = clock.now()
        let id = nextSessionID
        let room = try changeRoom(roomID, by: session) { room in
            let user = try user(of: session.token)
            try StudySession.checkScheduling(by: user, in: room, project: room.projectID.flatMap { projectsByID[$0] })
            room.sessions.removeAll { $0.isOver(at: now) }
            try StudySession.checkNew(startsAt: startsAt, minutes: minutes, in: room, now: now)
            room.sessions.append(StudySession(id: id, startsAt: startsAt, minutes: minutes, isWeekly: weekly, createdBy: user))
        }
        nextSessionID += 1
        return room
    }

    public func cancelSession(_ id: Int, in roomID: Int, by session: Session) async throws -> Room {
        try changeRoom(roomID, by: session) { room in
            try StudySession.checkScheduling(by: try user(of: session.token), in: room, project: room.projectID.flatMap { projectsByID[$0] })
            guard room.sessions.contains(where: { $0.id == id }) else { throw StoreError.noSuchSession(id) }
            room.sessions.removeAll { $0.id == id }
        }
    }

    public func answerSession(
        _ id: Int, meeting: Date, _ reply: StudySession.Reply, in roomID: Int, by session: Session
    ) async throws -> Room {
        let now = clock.now()
        return try changeRoom(roomID, by: session) { room in
            let user = try user(of: session.token)
            guard let index = room.sessions.firstIndex(where: { $0.id == id }) else { throw StoreError.noSuchSession(id) }
            let capacity = room.projectID.flatMap { projectsByID[$0] }.map(\.capacity)
            try room.sessions[index].checkAnswer(reply, by: user, for: meeting, capacity: capacity, now: now)
            let length = TimeInterval(room.sessions[index].minutes * 60)
            room.sessions[index].answers.removeAll {
                ($0.user.isNamed(user.name) && StudySession.isSameMeeting($0.occurrence, meeting)) || $0.occurrence.addingTimeInterval(length) <= now
            }
            room.sessions[index].answers.append(StudySession.Answer(user: user, reply: reply, occurrence: meeting))
        }
    }
}

/// Who came to each meeting (`/checkin`, `/checkout`), kept by room.
extension InMemoryChatStore {
    public func checkIn(to sessionID: Int, meeting: Date, in roomID: Int, by session: Session) async throws -> AttendanceRecord {
        let user = try user(of: session.token)
        let room = try memberState(of: roomID, user: user).room
        guard let held = room.sessions.first(where: { $0.id == sessionID }) else { throw StoreError.noSuchSession(sessionID) }
        let now = clock.now()
        try Attendance.checkOpen(held, meeting: meeting, at: now)
        if let kept = record(sessionID, meeting, user, in: roomID) { return kept }
        let record = AttendanceRecord(sessionID: sessionID, meeting: meeting, user: user, checkedInAt: now)
        attendanceByRoom[roomID, default: []].append(record)
        return record
    }

    public func checkOut(of sessionID: Int, meeting: Date, in roomID: Int, by session: Session) async throws -> AttendanceRecord {
        let user = try user(of: session.token)
        _ = try memberState(of: roomID, user: user)
        guard var kept = record(sessionID, meeting, user, in: roomID),
            let index = attendanceByRoom[roomID]?.firstIndex(of: kept)
        else { throw StoreError.notCheckedIn(sessionID) }
        kept.checkedOutAt = clock.now()
        attendanceByRoom[roomID]?[index] = kept
        return kept
    }

    public func attendance(in roomID: Int, since: Date, for session: Session) async throws -> [AttendanceRecord] {
        _ = try memberState(of: roomID, user: try user(of: session.token))
        return (attendanceByRoom[roomID] ?? []).filter { $0.meeting >= since }
    }

    private func record(_ sessionID: Int, _ meeting: Date, _ user: User, in roomID: Int) -> AttendanceRecord? {
        attendanceByRoom[roomID]?.first {
            $0.sessionID == sessionID && StudySession.isSameMeeting($0.meeting, meeting) && $0.user.isNamed(user.name)
        }
    }
}
