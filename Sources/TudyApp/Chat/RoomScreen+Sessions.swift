import Foundation
import TudyCore
import TudyTerminal

/// The room's study sessions (`/session`, `/sessions`, `/rsvp`): times read and shown in the
/// local zone, kept as instants; who is coming counted against a study room's capacity.
extension RoomScreen {
    func session(_ action: SessionAction, for session: Session) async throws {
        switch action {
        case .add(let when, let length, let weekly):
            let now = context.clock.now()
            let startsAt = try TypedTime.parse(when, now: now, utcOffset: context.console.format.utcOffset)
            var minutes = StudySession.usualMinutes
            if let length {
                guard let duration = TypedDuration.parse(length) else {
                    throw CommandError.badArgument("'\(length)' is not a length: try 90m, 2h or 1h30m", usage: "/session sat 10:00 for 2h weekly")
                }
                minutes = Int(duration.components.seconds / 60)
            }
            // Said by the room's drawing of what changed, as everyone else sees it.
            update(try await context.store.addSession(startsAt: startsAt, minutes: minutes, weekly: weekly, in: room.id, by: session))
        case .cancel(let id):
            update(try await context.store.cancelSession(id, in: room.id, by: session))
        }
    }

    /// `/sessions`: the sessions to come, the soonest first.
    func showSessions(for session: Session) async throws {
        try await readRoomAgain(for: session)
        let places = await places()
        let summaries = room.sessions.compactMap { summary(of: $0, places: places) }.sorted { $0.meeting < $1.meeting }
        context.console.show(.sessions(summaries, room: room))
    }

    func rsvp(_ action: RSVPAction, for session: Session) async throws {
        try await readRoomAgain(for: session)
        let places = await places()
        let coming = room.sessions.compactMap { summary(of: $0, places: places) }.sorted { $0.meeting < $1.meeting }
        switch action {
        case .show:
            guard let next = coming.first else { return context.console.line("no sessions to come: /session sat 10:00 adds one") }
            context.console.show(.sessionAnswers(next, room: room))
        case .answer(let id, let reply):
            guard let target = id.map({ id in coming.first { $0.session.id == id } }) ?? coming.first else {
                if let id { throw StoreError.noSuchSession(id) }
                return context.console.line("no sessions to come: /session sat 10:00 adds one")
            }
            update(try await context.store.answerSession(target.session.id, meeting: target.meeting, reply, in: room.id, by: session))
            guard let now = room.sessions.first(where: { $0.id == target.session.id }), let summary = summary(of: now, places: places) else { return }
            context.console.show(.sessionChange(.answered(session.user, reply), summary, room: room))
        }
    }

    /// A session with its next meeting; nil for one met and over.
    func summary(of held: StudySession, places: Int?) -> SessionSummary? {
        guard let meeting = held.next(after: context.clock.now(), utcOffset: context.console.format.utcOffset) else { return nil }
        return SessionSummary(session: held, meeting: meeting, room: room, places: places)
    }

    /// A study room's places (its post's capacity); nil in a group room.
    private func places() async -> Int? {
        guard let projectID = room.projectID else { return nil }
        return try? await context.store.project(id: projectID).capacity
    }
}
