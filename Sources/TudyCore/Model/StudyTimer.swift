import Foundation

/// A focus/break cycle a room runs together (`/timer 50/10 x4`), kept in the store with the
/// room: every member's client works out the phase from when it started, so one that starts
/// mid-cycle knows where it is, and nothing ticks.
public struct StudyTimer: Equatable, Sendable, Codable {
    /// The rounds of a timer: so many minutes of focus, then of break, so many times (the
    /// last break left out: the timer is done when the last focus ends).
    public struct Plan: Equatable, Sendable, Codable {
        /// The longest focus, in minutes.
        package static let longestFocus = 180
        /// The longest break, in minutes.
        package static let longestBreak = 60
        /// The most rounds a timer runs.
        package static let mostRounds = 12

        package let focusMinutes: Int
        package let breakMinutes: Int
        package let rounds: Int

        enum CodingKeys: String, CodingKey {
            case rounds
            case focusMinutes = "focus_minutes"
            case breakMinutes = "break_minutes"
        }

        package init(focusMinutes: Int, breakMinutes: Int, rounds: Int) {
            (self.focusMinutes, self.breakMinutes, self.rounds) = (focusMinutes, breakMinutes, rounds)
        }

        /// The plan as typed: `50/10 x4`, `25/5` (four rounds), `50/10x2`.
        /// - Throws: `StoreError.invalidTimer`.
        package static func parse(_ text: String) throws(StoreError) -> Plan {
            let parts = text.lowercased().replacingOccurrences(of: "x", with: " x").split(separator: " ")
            let minutes = parts.first?.split(separator: "/", omittingEmptySubsequences: false) ?? []
            guard (1...2).contains(parts.count), minutes.count == 2,
                let focus = Int(minutes[0]), let rest = Int(minutes[1])
            else { throw StoreError.invalidTimer("give focus and break minutes, and rounds if not 4, as in 50/10 x4") }
            var rounds = 4
            if parts.count == 2 {
                guard parts[1].hasPrefix("x"), let count = Int(parts[1].dropFirst()) else {
                    throw StoreError.invalidTimer("rounds come as x and a number, as in 50/10 x4")
                }
                rounds = count
            }
            return try Plan(focusMinutes: focus, breakMinutes: rest, rounds: rounds).checked()
        }

        /// The plan, when a store may keep it. - Throws: `StoreError.invalidTimer`.
        package func checked() throws(StoreError) -> Plan {
            guard (1...Self.longestFocus).contains(focusMinutes) else {
                throw StoreError.invalidTimer("a focus lasts 1 to \(Self.longestFocus) minutes")
            }
            guard (0...Self.longestBreak).contains(breakMinutes) else {
                throw StoreError.invalidTimer("a break lasts 0 to \(Self.longestBreak) minutes")
            }
            guard (1...Self.mostRounds).contains(rounds) else { throw StoreError.invalidTimer("a timer runs 1 to \(Self.mostRounds) rounds") }
            return self
        }

        /// `50/10 x4`
        package var typed: String { "\(focusMinutes)/\(breakMinutes) x\(rounds)" }
    }

    /// Where a timer is at a moment.
    package enum Phase: Equatable, Sendable {
        /// Round `round`'s focus, until `endsAt`.
        case focus(round: Int, endsAt: Date)
        /// The break after round `round`'s focus, until `endsAt`.
        case rest(round: Int, endsAt: Date)
        /// The last focus ended at `at`.
        case done(at: Date)

        /// When this phase ends (a timer done has ended).
        package var endsAt: Date {
            switch self {
            case .focus(_, let end), .rest(_, let end), .done(let end): end
            }
        }
    }

    package let plan: Plan
    package let startedAt: Date
    /// Who started it.
    package let startedBy: User

    enum CodingKeys: String, CodingKey {
        case plan
        case startedAt = "started_at"
        case startedBy = "started_by"
    }

    package init(plan: Plan, startedAt: Date, startedBy: User) {
        (self.plan, self.startedAt, self.startedBy) = (plan, startedAt, startedBy)
    }

    /// The whole minutes left of `phase` at `now`, never more than the phase lasts: a clock a
    /// little behind the store's does not make a 50-minute focus 52 minutes long.
    package func minutesLeft(of phase: StudyTimer.Phase, at now: Date) -> Int {
        let length = switch phase {
        case .focus: plan.focusMinutes
        case .rest: plan.breakMinutes
        case .done: 0
        }
        return min(length, max(0, Int((phase.endsAt.timeIntervalSince(now) / 60).rounded(.up))))
    }

    /// The phase at `now`: a moment before the start counts as the start.
    package func phase(at now: Date) -> Phase {
        let focus = TimeInterval(plan.focusMinutes * 60)
        let cycle = focus + TimeInterval(plan.breakMinutes * 60)
        let total = cycle * TimeInterval(plan.rounds) - TimeInterval(plan.breakMinutes * 60)
        let elapsed = max(0, now.timeIntervalSince(startedAt))
        guard elapsed < total else { return .done(at: startedAt.addingTimeInterval(total)) }
        let round = Int(elapsed / cycle)
        let roundStart = startedAt.addingTimeInterval(TimeInterval(round) * cycle)
        if elapsed - TimeInterval(round) * cycle < focus {
            return .focus(round: round + 1, endsAt: roundStart.addingTimeInterval(focus))
        }
        return .rest(round: round + 1, endsAt: roundStart.addingTimeInterval(cycle))
    }
}
