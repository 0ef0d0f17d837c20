import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal

/// A session's reminder (`/session`): ten minutes before it meets, one line, once, in each
/// running client of a member who has not said no; the clock moved by hand.
@MainActor
@Suite("A session's reminder, as people see it")
struct ReminderLiveTests {
    private let clock = ManualClock(TestApp.start)

    /// alice, bob and carol in group room #2, with a session alice added at 10:00 for an hour;
    /// bob logged in, at Home; alarms armed as at a terminal, each wait recorded.
    private func app(waits: Locked<[Duration]> = Locked([])) async throws -> (TestApp, Room) {
        let store = InMemoryChatStore(clock: clock.wallClock, hasher: Argon2idPasswordHasher(cost: .testing))
        let (app, group) = try await TestApp.withGroupOfThree(store: store, clock: clock.wallClock, sleep: { waits.value.append($0) })
        let alice = try await app.session("alice")
        app.context.alarms.isArmed = true
        let added = try await store.addSession(startsAt: TestApp.start.addingTimeInterval(3600), minutes: 60, weekly: true, in: group.id, by: alice)
        await app.tabBar.show(.roomChanged(added))
        return (app, added)
    }

    @Test("ten minutes before, one line on any screen, once; the alarm is set for then")
    func reminded() async throws {
        let waits = Locked<[Duration]>([])
        let (app, _) = try await app(waits: waits)
        try await waitUntil("the alarm set") { @MainActor in !waits.value.isEmpty }
        #expect(waits.value.first == .seconds(50 * 60), "set for ten minutes before 10:00")
        app.output.clear()
        clock.advance(by: 49 * 60)
        await app.tabBar.show([.timerDue])
        #expect(app.output.standardOutput == "", "not yet")
        clock.advance(by: 60)
        await app.tabBar.show([.timerDue])
        await app.tabBar.show([.timerDue])
        #expect(app.output.standardOutput == "── reminder: group #2 meets in 10 min, Fri 11-27 10:00–11:00 weekly (session #1) ──\n")
        app.output.clear()
        clock.advance(by: 7 * 86_400)
        await app.tabBar.show([.timerDue])
        #expect(app.output.standardOutput == "── reminder: group #2 meets in 10 min, Fri 12-04 10:00–11:00 weekly (session #1) ──\n",
            "a weekly session: each meeting its reminder")
    }

    @Test("nobody who said no is reminded; a client that starts within the ten minutes is reminded at once; none once it has begun")
    func saidNo() async throws {
        let (app, room) = try await app()
        let session = try #require(room.sessions.first)
        await app.send("/chat", "/open \(room.id)", "/rsvp no")
        app.output.clear()
        clock.advance(by: 55 * 60)
        await app.tabBar.show([.timerDue])
        #expect(app.output.standardOutput == "")
        await app.send("/rsvp maybe")
        app.output.clear()
        await app.tabBar.show([.timerDue])
        #expect(app.output.standardOutput == "── reminder: group #2 meets in 5 min, Fri 11-27 10:00–11:00 weekly (session #\(session.id)) ──\n")
        clock.advance(by: 10 * 60)
        app.output.clear()
        await app.tabBar.show([.timerDue])
        #expect(app.output.standardOutput == "", "under way: no reminder")
    }
}
