/// A room's pinned notice, kept with the room.
extension InMemoryChatStore {
    public func pinNotice(_ text: String, in roomID: Int, by session: Session) async throws -> Room {
        let text = try RoomNotice.checkedText(text)
        let now = clock.now()
        return try changeRoom(roomID, by: session) { room in
            let writer = try user(of: session.token)
            try RoomNotice.checkPinning(by: writer, in: room, project: room.projectID.flatMap { projectsByID[$0] })
            room.notice = text.map { RoomNotice(text: $0, writer: writer, pinnedAt: now, readBy: [writer]) }
        }
    }

    public func readNotice(in roomID: Int, by session: Session) async throws -> Room {
        let reader = try user(of: session.token)
        let room = try memberState(of: roomID, user: reader).room
        guard let notice = room.notice, !notice.isRead(by: reader) else { return room }
        return try changeRoom(roomID, by: session) { room in
            room.notice?.readBy = room.members.filter { notice.isRead(by: $0) || $0.isNamed(reader.name) }
        }
    }
}

/// A room's focus/break timer, kept with the room.
extension InMemoryChatStore {
    public func setTimer(_ plan: StudyTimer.Plan?, in roomID: Int, by session: Session) async throws -> Room {
        let plan = try plan?.checked()
        let now = clock.now()
        return try changeRoom(roomID, by: session) { room in
            let starter = try user(of: session.token)
            room.timer = plan.map { StudyTimer(plan: $0, startedAt: now, startedBy: starter) }
        }
    }
}
