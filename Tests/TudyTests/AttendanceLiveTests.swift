import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal

/// What people see of `/checkin`, `/checkout` and `/attendance`; the clock moved by hand.
@MainActor
@Suite("Attendance, as people see it")
struct AttendanceLiveTests {
    private let clock = ManualClock(TestApp.start)

    @Test("a check-in says on time or how late; a check-out how long; the roll counts each member over the weeks asked")
    func roll() async throws {
        let store = InMemoryChatStore(clock: clock.wallClock, hasher: Argon2idPasswordHasher(cost: .testing))
        let (app, group) = try await TestApp.withGroupOfThree(store: store, clock: clock.wallClock)
        await app.send("/chat", "/open \(group.id)")
        #expect(await app.send("/checkin") == [
            "no session of this room is near: check in from 15 minutes before a session to its end; /sessions lists them",
        ])
        await app.send("/session in 20m for 1h weekly")
        clock.advance(by: 27 * 60)
        app.output.clear()
        await app.send("/checkin")
        clock.advance(by: 45 * 60)
        await app.send("/checkout", "/attendance")
        #expect(app.output.standardOutput == """
            checked in to #1, Fri 11-27 09:20: 7 min late
            checked out of #1, Fri 11-27 09:20, after 45 min
            the last 4 weeks: 1 meeting
            alice  present 0  late 0  absent 1  0 min
            bob    present 0  late 1  absent 0  45 min
            carol  present 0  late 0  absent 1  0 min

            """)
        #expect(await app.send("/attendance 99") == ["the roll goes back 1 to 52 weeks: usage /attendance [weeks]"])
        clock.advance(by: 60 * 60)
        #expect(await app.send("/checkout").count == 1, "no meeting near: one line")
    }
}
