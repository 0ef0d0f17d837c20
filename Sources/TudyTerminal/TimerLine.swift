import Foundation
import TudyCore

extension TextFormat {
    /// `── Swift study: break 1 of 4, 10 min, until 10:50 ──` as a timer moves on; as `/timer`
    /// asks, `focus 2 of 4 · 23 min left, until 11:40 · 50/10 x4, started by alice at 09:00`.
    func timerPhase(_ phase: StudyTimer.Phase, timer: StudyTimer, room: Room, viewer: User, minutesLeft: Int?) -> String {
        let plan = timer.plan
        let now: String
        switch phase {
        case .focus(let round, let end):
            now = "focus \(round) of \(plan.rounds)" + (minutesLeft == nil ? ", \(plan.focusMinutes) min" : "")
                + (minutesLeft.map { " · \($0) min left" } ?? "") + ", until \(time(end))"
        case .rest(let round, let end):
            now = "break \(round) of \(plan.rounds)" + (minutesLeft == nil ? ", \(plan.breakMinutes) min" : "")
                + (minutesLeft.map { " · \($0) min left" } ?? "") + ", until \(time(end))"
        case .done(let end):
            now = "the timer is done: \(plan.rounds) \(plan.rounds == 1 ? "round" : "rounds") of \(plan.focusMinutes) min, ended \(time(end))"
        }
        guard minutesLeft != nil else { return "── \(room.title(for: viewer)): \(now) ──" }
        return now + " · \(plan.typed), started by \(timer.startedBy.name) at \(time(timer.startedAt))"
    }
}

extension JSONLines {
    /// A room's timer in a phase: `phase` (`focus`, `break`, `done`), its `round` and when it
    /// `ends_at`, the plan, who started it and when, and for `/timer` the `minutes_left`.
    struct TimerLine: Encodable {
        let roomID: Int
        let phase: String
        let round: Int?
        let endsAt: Date
        let plan: StudyTimer.Plan
        let startedBy: User
        let startedAt: Date
        let minutesLeft: Int?

        enum CodingKeys: String, CodingKey {
            case phase, round, plan
            case roomID = "room_id"
            case endsAt = "ends_at"
            case startedBy = "started_by"
            case startedAt = "started_at"
            case minutesLeft = "minutes_left"
        }

        init(_ phase: StudyTimer.Phase, timer: StudyTimer, roomID: Int, minutesLeft: Int?) {
            switch phase {
            case .focus(let round, _): (self.phase, self.round) = ("focus", round)
            case .rest(let round, _): (self.phase, self.round) = ("break", round)
            case .done: (self.phase, self.round) = ("done", nil)
            }
            (self.roomID, endsAt, plan, startedBy, startedAt, self.minutesLeft) =
                (roomID, phase.endsAt, timer.plan, timer.startedBy, timer.startedAt, minutesLeft)
        }
    }

    struct RoomID: Encodable {
        let roomID: Int

        enum CodingKeys: String, CodingKey {
            case roomID = "room_id"
        }
    }
}
