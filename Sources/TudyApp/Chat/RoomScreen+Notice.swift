import TudyCore

/// The room's pinned notice (`/notice`): shown on opening the room to whoever has not read it,
/// and read from then on.
extension RoomScreen {
    /// `/notice`: shows it with who has read it, takes it down, or pins a new one.
    func notice(_ action: NoticeAction, for session: Session) async throws {
        switch action {
        case .show:
            try await readRoomAgain(for: session)
            guard let notice = room.notice else {
                context.console.line(await noNotice(for: session))
                return
            }
            context.console.show(.pinnedNotice(notice, room: room, readers: true))
        case .clear:
            let before = room.notice
            update(try await context.store.pinNotice("", in: room.id, by: session))
            // A notice taken down is announced as it goes; none is said in a line of its own.
            if before == nil && room.notice == nil { context.console.line("no notice to take down: /notice <text> pins one") }
        case .pin(let text):
            update(try await context.store.pinNotice(text, in: room.id, by: session))
        }
    }

    /// On opening the room: its notice under the first line, if the user has not read it,
    /// and read now.
    func showNoticeIfUnread(for session: Session) async throws {
        guard let notice = room.notice, !notice.isRead(by: session.user) else { return }
        context.console.show(.pinnedNotice(notice, room: room, readers: false))
        // The read comes back as a change of the room, drawn with any other change since.
        _ = try await context.store.readNotice(in: room.id, by: session)
    }

    /// A notice pinned while the room is in view was shown as it came: it is read.
    func readNoticeShown() async throws {
        guard let session = context.login.session, let notice = room.notice, !notice.isRead(by: session.user) else { return }
        _ = try await context.store.readNotice(in: room.id, by: session)
    }

    /// What `/notice` says when there is none, and who could pin one.
    private func noNotice(for session: Session) async -> String {
        guard room.kind == .group else { return "a 1:1 room has no notice: /notice <text> pins one in a group or study room" }
        if let projectID = room.projectID, let writer = try? await context.store.project(id: projectID).writer,
            !writer.isNamed(session.user.name)
        {
            return "no notice in this room: \(writer.name), who wrote its post, pins one"
        }
        return "no notice in this room: /notice <text> pins one for everyone"
    }
}
