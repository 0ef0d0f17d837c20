import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// `/timer`: a room's focus/break timer, kept in the store; one rule a test, on every store.
@Suite("ChatStore contract: a room's study timer", .closingStores)
struct TimerContractTests {
    private static let plan = StudyTimer.Plan(focusMinutes: 50, breakMinutes: 10, rounds: 4)

    @Test("any member starts a room's timer, from now, told live; again it starts over; nil stops it", arguments: StoreFactory.all)
    func startAndStop(_ factory: StoreFactory) async throws {
        let (store, s, group) = try await factory.makeWithCastInGroup()
        let bobs = await ChangeRecorder.reading(try await store.changes(for: s.bob))

        let started = try await store.setTimer(Self.plan, in: group.id, by: s.carol)
        let timer = try #require(started.timer)
        #expect(timer.plan == Self.plan && timer.startedBy.name == "carol")
        #expect(started.members == group.members && started.notice == nil, "nothing else moved")
        #expect(await bobs.next(1) == [.roomChanged(started)], "told live, as a topic is")
        #expect(try await store.room(id: group.id, for: s.alice) == started, "a client that comes later knows where it is")

        let again = try await store.setTimer(StudyTimer.Plan(focusMinutes: 25, breakMinutes: 5, rounds: 2), in: group.id, by: s.alice)
        #expect(again.timer?.plan.focusMinutes == 25 && again.timer?.startedBy.name == "alice")
        #expect(try #require(again.timer).startedAt >= timer.startedAt)
        #expect(await bobs.next(1) == [.roomChanged(again)])

        let stopped = try await store.setTimer(nil, in: group.id, by: s.bob)
        #expect(stopped.timer == nil)
        #expect(await bobs.next(1) == [.roomChanged(stopped)])
        #expect(try await store.setTimer(nil, in: group.id, by: s.bob) == stopped, "none to stop: nothing changes")

        let direct = try await store.directRoom(between: s.alice, and: s.bob.user)
        #expect(try await store.setTimer(Self.plan, in: direct.id, by: s.bob).timer?.plan == Self.plan, "two can study together too")
        await #expect(throws: StoreError.noSuchRoom(direct.id)) { try await store.setTimer(Self.plan, in: direct.id, by: s.carol) }
    }

    @Test("a plan past its bounds is refused by every store, as one sent by a client that did not check it", arguments: StoreFactory.all)
    func bounds(_ factory: StoreFactory) async throws {
        let (store, s, group) = try await factory.makeWithCastInGroup()
        typealias Plan = StudyTimer.Plan
        let bad = [
            Plan(focusMinutes: 0, breakMinutes: 10, rounds: 4), Plan(focusMinutes: Plan.longestFocus + 1, breakMinutes: 10, rounds: 4),
            Plan(focusMinutes: 50, breakMinutes: -1, rounds: 4), Plan(focusMinutes: 50, breakMinutes: Plan.longestBreak + 1, rounds: 4),
            Plan(focusMinutes: 50, breakMinutes: 10, rounds: 0), Plan(focusMinutes: 50, breakMinutes: 10, rounds: Plan.mostRounds + 1),
        ]
        for plan in bad {
            await #expect(throws: StoreError.self, "\(plan)") { try await store.setTimer(plan, in: group.id, by: s.alice) }
        }
        let longest = Plan(focusMinutes: Plan.longestFocus, breakMinutes: Plan.longestBreak, rounds: Plan.mostRounds)
        #expect(try await store.setTimer(longest, in: group.id, by: s.alice).timer?.plan == longest)
        #expect(try await store.setTimer(Plan(focusMinutes: 1, breakMinutes: 0, rounds: 1), in: group.id, by: s.alice).timer != nil)
    }
}

/// Where a timer is at each moment, worked out from its start alone.
@Suite("A study timer's phases")
struct StudyTimerPhaseTests {
    private let start = Date(timeIntervalSince1970: 1_795_770_000)
    private var timer: StudyTimer {
        StudyTimer(plan: StudyTimer.Plan(focusMinutes: 50, breakMinutes: 10, rounds: 2), startedAt: start, startedBy: User(name: "alice"))
    }

    private func at(_ minutes: Double) -> Date { start.addingTimeInterval(minutes * 60) }

    @Test("focus, break, focus, done: each phase ends where the next begins; the last break is left out")
    func phases() {
        #expect(timer.phase(at: at(-5)) == .focus(round: 1, endsAt: at(50)), "before the start: the start")
        #expect(timer.phase(at: at(0)) == .focus(round: 1, endsAt: at(50)))
        #expect(timer.phase(at: at(49.99)) == .focus(round: 1, endsAt: at(50)))
        #expect(timer.phase(at: at(50)) == .rest(round: 1, endsAt: at(60)))
        #expect(timer.phase(at: at(60)) == .focus(round: 2, endsAt: at(110)))
        #expect(timer.phase(at: at(110)) == .done(at: at(110)))
        #expect(timer.phase(at: at(1_000)) == .done(at: at(110)))
    }

    @Test("a plan as typed: focus/break and rounds (four unless given); anything else says what would work")
    func typed() throws {
        #expect(try StudyTimer.Plan.parse("50/10 x4") == StudyTimer.Plan(focusMinutes: 50, breakMinutes: 10, rounds: 4))
        #expect(try StudyTimer.Plan.parse("25/5") == StudyTimer.Plan(focusMinutes: 25, breakMinutes: 5, rounds: 4))
        #expect(try StudyTimer.Plan.parse("50/10X2").rounds == 2)
        #expect(throws: StoreError.invalidTimer("give focus and break minutes, and rounds if not 4, as in 50/10 x4")) {
            try StudyTimer.Plan.parse("soon")
        }
        #expect(throws: StoreError.invalidTimer("rounds come as x and a number, as in 50/10 x4")) { try StudyTimer.Plan.parse("50/10 4") }
        #expect(throws: StoreError.invalidTimer("a focus lasts 1 to 180 minutes")) { try StudyTimer.Plan.parse("500/10") }
        #expect(throws: StoreError.invalidTimer("a timer runs 1 to 12 rounds")) { try StudyTimer.Plan.parse("50/10 x99") }
    }
}
