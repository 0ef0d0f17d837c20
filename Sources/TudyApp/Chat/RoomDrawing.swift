import TudyCore
import TudyTerminal

/// How a room is drawn: its first line, each message with how many members have not read it,
/// and a line for each change of the room. What is shown and when is the room screen's; this
/// is only how.
@MainActor
struct RoomDrawing {
    let context: AppContext

    /// The room's first line: its title, members and topic, and whether `/more` has older.
    func header(_ room: Room, hasOlder: Bool) {
        guard let user = context.login.user else { return }
        context.console.show(.roomHeader(room, viewer: user, hasOlder: hasOlder))
    }

    /// A message of the room, numbered, with how many members have not read it yet; unless its
    /// sender is one the user ignores. The user has read what is shown to them: they are not
    /// counted.
    func message(_ message: Message, in room: Room, marks: ReadMarks?) {
        guard !context.hides(message) else { return }
        let viewer = context.login.user
        let unread = marks?.readers(of: message, in: room).unread.filter { !$0.isNamed(viewer?.name ?? "") }.count ?? 0
        context.console.show(.message(message, unreadBy: message.status == .deleted ? 0 : unread))
    }

    /// What changed between two states of the room (who came, who went, its name, its topic,
    /// its notice), each in a line of its own.
    func changes(from before: Room, to changed: Room) {
        guard let viewer = context.login.user else { return }
        let came = changed.members.filter { !before.hasMember($0) }.map(RoomChange.joined)
        let went = before.members.filter { !changed.hasMember($0) }.map(RoomChange.left)
        let named = changed.name.flatMap { $0 == before.name ? nil : RoomChange.named($0) }
        let topic = changed.topic == before.topic ? nil : RoomChange.topic(changed.topic)
        let notice = noticeChanges(from: before.notice, to: changed.notice, viewer: viewer)
        for change in came + went + [named, topic].compactMap({ $0 }) + notice {
            context.console.show(.roomChange(change, room: changed, viewer: viewer))
        }
        sessionChanges(from: before, to: changed, viewer: viewer)
    }

    /// Sessions added or cancelled, and others' answers for a session's next meeting.
    private func sessionChanges(from before: Room, to changed: Room, viewer: User) {
        let now = context.clock.now()
        let zone = context.console.format.utcOffset
        func say(_ change: SessionChange, _ session: StudySession, in room: Room) {
            guard let meeting = session.next(after: now, utcOffset: zone) else { return }
            context.console.show(.sessionChange(change, SessionSummary(session: session, meeting: meeting, room: room, places: nil), room: room))
        }
        for session in changed.sessions {
            guard let old = before.sessions.first(where: { $0.id == session.id }) else {
                say(.added(by: session.createdBy), session, in: changed)
                continue
            }
            for answer in session.answers where !answer.user.isNamed(viewer.name) && !old.answers.contains(answer) {
                say(.answered(answer.user, answer.reply), session, in: changed)
            }
        }
        for session in before.sessions where !changed.sessions.contains(where: { $0.id == session.id }) {
            say(.cancelled, session, in: before)
        }
    }

    /// A notice pinned or taken down, for everyone; for the one who pinned it, each member
    /// who read it since.
    private func noticeChanges(from before: RoomNotice?, to after: RoomNotice?, viewer: User) -> [RoomChange] {
        guard let after else { return before == nil ? [] : [.unpinned] }
        guard let before, before.isSamePin(as: after) else { return [.pinned(after)] }
        guard after.writer.isNamed(viewer.name) else { return [] }
        return after.readBy.filter { !before.isRead(by: $0) && !$0.isNamed(viewer.name) }.map(RoomChange.noticeRead)
    }
}
