import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// `/checkin`, `/checkout` and the roll: one rule a test, on every store, the store's clock moved by hand.
@Suite("ChatStore contract: attendance", .closingStores)
struct AttendanceContractTests {
    @Test("check-in opens 15 minutes before a meeting and closes at its end; late past the grace; the first kept; check-out keeps the minutes", arguments: StoreFactory.all)
    func checkInAndOut(_ factory: StoreFactory) async throws {
        let clock = ManualClock(TestApp.start)
        let store = try await factory.make(clock: clock.wallClock)
        var people: [Session] = []
        for name in ["alice", "bob", "carol"] { people.append(try await store.signUp(name: name, password: "password-\(name)")) }
        let direct = try await store.directRoom(between: people[0], and: people[1].user)
        let group = try await store.bringIn(people[2], to: direct.id, by: people[0])
        let room = try await store.addSession(
            startsAt: TestApp.start.addingTimeInterval(30 * 60), minutes: 60, weekly: true, in: group.id, by: people[0])
        let session = try #require(room.sessions.first)
        let meeting = session.startsAt

        await #expect(throws: StoreError.checkInClosed(session.id), "30 minutes before") {
            try await store.checkIn(to: session.id, meeting: meeting, in: group.id, by: people[0])
        }
        clock.advance(by: 20 * 60)
        let alice = try await store.checkIn(to: session.id, meeting: meeting, in: group.id, by: people[0])
        #expect(alice.minutesLate == 0 && alice.checkedOutAt == nil && alice.user.name == "alice")
        clock.advance(by: 17 * 60)
        let bob = try await store.checkIn(to: session.id, meeting: meeting, in: group.id, by: people[1])
        #expect(bob.minutesLate == 7, "7 minutes in: past the 5 minutes' grace")
        #expect(try await store.checkIn(to: session.id, meeting: meeting, in: group.id, by: people[0]) == alice, "the first is kept")
        await #expect(throws: StoreError.notCheckedIn(session.id)) {
            try await store.checkOut(of: session.id, meeting: meeting, in: group.id, by: people[2])
        }
        clock.advance(by: 40 * 60)
        let left = try await store.checkOut(of: session.id, meeting: meeting, in: group.id, by: people[0])
        #expect(left.minutesStayed == 57 && left.checkedInAt == alice.checkedInAt)
        clock.advance(by: 20 * 60)
        await #expect(throws: StoreError.checkInClosed(session.id), "the meeting is over") {
            try await store.checkIn(to: session.id, meeting: meeting, in: group.id, by: people[2])
        }
        await #expect(throws: StoreError.noSuchSession(session.id), "no meeting then") {
            try await store.checkIn(to: session.id, meeting: meeting.addingTimeInterval(-3600), in: group.id, by: people[2])
        }
        let stranger = try await store.signUp(name: "dave", password: "password-dave")
        await #expect(throws: StoreError.noSuchRoom(group.id)) { try await store.attendance(in: group.id, since: TestApp.start, for: stranger) }

        let records = try await store.attendance(in: group.id, since: TestApp.start, for: people[2])
        #expect(records.map(\.user.name) == ["alice", "bob"] && records.first?.minutesStayed == 57)
        let roll = AttendanceRoll(
            room: try await store.room(id: group.id, for: people[0]), records: records, weeks: 4, now: clock.wallClock.now(), utcOffset: { _ in 0 })
        #expect(roll.meetings == 1)
        #expect(roll.lines.map { "\($0.user.name) \($0.present) \($0.late) \($0.absent) \($0.minutes)" } == ["alice 1 0 0 57", "bob 0 1 0 0", "carol 0 0 1 0"])
        #expect(try await store.attendance(in: group.id, since: TestApp.start.addingTimeInterval(86_400), for: people[0]).isEmpty)
    }
}
