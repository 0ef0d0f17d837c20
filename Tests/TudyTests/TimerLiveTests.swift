import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal

/// What a person sees of a room's study timer (`/timer`): one line at each change of phase,
/// wherever they are, never a ticking clock; the clock moved by hand.
@MainActor
@Suite("A room's timer, as people see it")
struct TimerLiveTests {
    private let clock = ManualClock(TestApp.start)
    private let plan = StudyTimer.Plan(focusMinutes: 50, breakMinutes: 10, rounds: 2)

    /// alice, bob and carol in group room #2; bob logged in, at the rooms list; alarms armed
    /// as at a terminal, each wait asked for recorded and then over at once.
    private func app(waits: Locked<[Duration]> = Locked([])) async throws -> (TestApp, Room) {
        let store = InMemoryChatStore(clock: clock.wallClock, hasher: Argon2idPasswordHasher(cost: .testing))
        let (app, group) = try await TestApp.withGroupOfThree(store: store, clock: clock.wallClock, sleep: { waits.value.append($0) })
        app.context.alarms.isArmed = true
        await app.send("/chat")
        return (app, group)
    }

    @Test("a timer started elsewhere is one line; each change of phase one more, on any screen; phases gone by unseen are one line")
    func phases() async throws {
        let (app, group) = try await app()
        app.output.clear()
        let started = try await app.store.setTimer(plan, in: group.id, by: try await app.session("alice"))
        await app.tabBar.show(.roomChanged(started))
        await app.tabBar.show(.roomChanged(started))
        #expect(app.output.standardOutput == "── group #2: focus 1 of 2, 50 min, until 09:50 ──\n", "once, at the rooms list")

        app.output.clear()
        clock.advance(by: 49 * 60)
        await app.tabBar.show([.timerDue])
        #expect(app.output.standardOutput == "", "nothing moved: nothing said")
        clock.advance(by: 60)
        await app.send("/home")
        app.output.clear()
        await app.tabBar.show([.timerDue])
        #expect(app.output.standardOutput == "── group #2: break 1 of 2, 10 min, until 10:00 ──\n", "on Home too")

        app.output.clear()
        clock.advance(by: 120 * 60)
        await app.tabBar.show([.timerDue])
        #expect(app.output.standardOutput == "── group #2: the timer is done: 2 rounds of 50 min, ended 10:50 ──\n")
        app.output.clear()
        await app.tabBar.show([.timerDue])
        #expect(app.output.standardOutput == "", "done is said once")
    }

    @Test("the alarm is set for the next change of phase, and going off tells the live feed")
    func alarm() async throws {
        let waits = Locked<[Duration]>([])
        let (app, group) = try await app(waits: waits)
        await app.tabBar.show(.roomChanged(try await app.store.setTimer(plan, in: group.id, by: try await app.session("carol"))))
        try await waitUntil("the alarm to go off") { @MainActor in app.context.live.pending.contains(.timerDue) }
        #expect(waits.value == [.seconds(50 * 60)], "one wait, to the end of the focus")
    }

    @Test("/timer says where it is, with the minutes left; a client that starts mid-cycle knows; stopped live is one line")
    func asked() async throws {
        let (app, group) = try await app()
        _ = try await app.store.setTimer(plan, in: group.id, by: try await app.session("alice"))
        clock.advance(by: 57 * 60 + 30)
        await app.send("/open \(group.id)")
        app.output.clear()
        await app.send("/timer")
        #expect(app.output.standardOutput == "break 1 of 2 · 3 min left, until 10:00 · 50/10 x2, started by alice at 09:00\n")

        app.output.clear()
        await app.tabBar.show(.roomChanged(try await app.store.setTimer(nil, in: group.id, by: try await app.session("carol"))))
        #expect(app.output.standardOutput == "── group #2: the timer was stopped ──\n")
        app.output.clear()
        await app.send("/timer")
        #expect(app.output.standardOutput == "no timer in this room: /timer 50/10 x4 starts one for everyone\n")
    }

    @Test("the user's own start and stop are said once, though the feed brings them back")
    func own() async throws {
        let (app, group) = try await app()
        await app.send("/open \(group.id)")
        app.output.clear()
        await app.send("/timer 25/5 x2")
        await app.tabBar.show(.roomChanged(try await app.store.room(id: group.id, for: try await app.session("bob"))))
        #expect(app.output.standardOutput == "── group #2: focus 1 of 2, 25 min, until 09:25 ──\n")
        app.output.clear()
        await app.send("/timer stop")
        await app.tabBar.show(.roomChanged(try await app.store.room(id: group.id, for: try await app.session("bob"))))
        #expect(app.output.standardOutput == "timer stopped\n")
        #expect(await app.send("/timer 0/5") == ["that timer can not run: a focus lasts 1 to 180 minutes"])
    }
}
