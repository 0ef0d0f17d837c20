import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal

/// What people see of a room's sessions (`/session`, `/sessions`, `/rsvp`), times in the
/// local zone (UTC here), the clock fixed at Friday 2026-11-27 09:00.
@MainActor
@Suite("A room's sessions, as people see them")
struct SessionLiveTests {
    /// alice, bob and carol in group room #2; bob logged in, in the room.
    private func app() async throws -> (TestApp, Room) {
        let (app, group) = try await TestApp.withGroupOfThree()
        await app.send("/chat", "/open \(group.id)")
        return (app, group)
    }

    @Test("a session typed as people say it is added for everyone; /sessions lists the soonest first; /rsvp answers the next")
    func addListAnswer() async throws {
        let (app, _) = try await app()
        app.output.clear()
        await app.send("/session sat 10:00 for 2h weekly", "/session tomorrow 19:30 for 90m", "/sessions")
        #expect(app.output.standardOutput == """
            ── bob added session #1: Sat 11-28 10:00–12:00 weekly ──
            ── bob added session #2: Sat 11-28 19:30–21:00 ──
            #1 Sat 11-28 10:00–12:00 weekly · going 0
            #2 Sat 11-28 19:30–21:00 · going 0

            """)
        app.output.clear()
        await app.send("/rsvp yes", "/rsvp #2 maybe", "/rsvp")
        #expect(app.output.standardOutput == """
            ── bob is going to #1, Sat 11-28 10:00 · going 1 ──
            ── bob may come to #2, Sat 11-28 19:30 ──
            #1 Sat 11-28 10:00 · yes: bob · not yet: alice, carol

            """)
    }

    @Test("others' sessions and answers are one line each, live; the user's own, once")
    func live() async throws {
        let (app, group) = try await app()
        let alice = try await app.session("alice")
        app.output.clear()
        let added = try await app.store.addSession(
            startsAt: TestApp.start.addingTimeInterval(86_400 + 3600), minutes: 60, weekly: false, in: group.id, by: alice)
        await app.tabBar.show(.roomChanged(added))
        await app.tabBar.show(.roomChanged(added))
        let id = try #require(added.sessions.first).id
        let answered = try await app.store.answerSession(id, meeting: try #require(added.sessions.first).startsAt, .no, in: group.id, by: alice)
        await app.tabBar.show(.roomChanged(answered))
        await app.send("/rsvp yes")
        await app.tabBar.show(.roomChanged(try await app.store.room(id: group.id, for: alice)))
        await app.tabBar.show(.roomChanged(try await app.store.cancelSession(id, in: group.id, by: alice)))
        #expect(app.output.standardOutput == """
            ── alice added session #1: Sat 11-28 10:00–11:00 ──
            ── alice is not going to #1, Sat 11-28 10:00 ──
            ── bob is going to #1, Sat 11-28 10:00 · going 1 ──
            ── session #1 (Sat 11-28 10:00–11:00) was cancelled ──

            """)
    }

    @Test("bad input is one line saying what would work, and the session goes on")
    func refusals() async throws {
        let (app, _) = try await app()
        #expect(await app.send("/session sat 25:00") == ["25:00 is not a time of day: use HH:MM, from 00:00 to 23:59"])
        #expect(await app.send("/session 2026-11-01 10:00") == ["2026-11-01 10:00 is past: give a time still to come"])
        #expect(await app.send("/session sat 10:00 for ages") == ["'ages' is not a length: try 90m, 2h or 1h30m: usage /session sat 10:00 for 2h weekly"])
        #expect(await app.send("/rsvp yes") == [], "none to answer: said as a line")
        #expect(await app.send("/rsvp perhaps") == ["answer yes, no or maybe: usage /rsvp [#n] yes|no|maybe"])
        #expect(await app.send("/rsvp #4 yes") == ["there is no session #4 to come in this room"])
        #expect(await app.send("/session cancel #4") == ["there is no session #4 to come in this room"])
        await app.send("/back", "/open 1")
        #expect(await app.send("/session sat 10:00") == ["room #1 is a 1:1 room: sessions are held in a group or study room"])
    }
}
