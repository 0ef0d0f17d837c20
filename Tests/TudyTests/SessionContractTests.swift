import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// `/session` and `/rsvp`: a room's study sessions and who is coming; one rule a test, on every store.
@Suite("ChatStore contract: a room's study sessions", .closingStores)
struct SessionContractTests {
    private static let day: TimeInterval = 86_400
    private static let saturday = TestApp.start.addingTimeInterval(day)

    @Test("any member of a group room adds a session, told live; answers are kept per meeting, the last one each; cancelled, it is gone", arguments: StoreFactory.all)
    func addAnswerCancel(_ factory: StoreFactory) async throws {
        let (store, s, group) = try await factory.makeWithCastInGroup()
        let bobs = await ChangeRecorder.reading(try await store.changes(for: s.bob))

        let added = try await store.addSession(startsAt: Self.saturday, minutes: 120, weekly: true, in: group.id, by: s.carol)
        let session = try #require(added.sessions.first)
        #expect(added.sessions.count == 1 && session.minutes == 120 && session.isWeekly && session.createdBy.name == "carol")
        #expect(await bobs.next(1) == [.roomChanged(added)], "told live, as a topic is")
        #expect(try await store.room(id: group.id, for: s.alice) == added)

        _ = try await store.answerSession(session.id, meeting: session.startsAt, .yes, in: group.id, by: s.bob)
        _ = try await store.answerSession(session.id, meeting: session.startsAt, .maybe, in: group.id, by: s.alice)
        let changed = try await store.answerSession(session.id, meeting: session.startsAt, .no, in: group.id, by: s.bob)
        let answers = try #require(changed.sessions.first).answers(for: session.startsAt)
        #expect(answers.map(\.user.name) == ["alice", "bob"] && answers.map(\.reply) == [.maybe, .no], "bob's last answer, after alice's")
        let nextWeek = session.occurrence(1, utcOffset: { _ in 0 })
        let later = try await store.answerSession(session.id, meeting: nextWeek, .yes, in: group.id, by: s.bob)
        #expect(later.sessions.first?.answers(for: nextWeek).map(\.reply) == [.yes], "each meeting its own answers")
        #expect(later.sessions.first?.answers(for: session.startsAt).count == 2)

        let cancelled = try await store.cancelSession(session.id, in: group.id, by: s.alice)
        #expect(cancelled.sessions.isEmpty)
        await #expect(throws: StoreError.noSuchSession(session.id)) {
            try await store.answerSession(session.id, meeting: session.startsAt, .yes, in: group.id, by: s.bob)
        }
        await #expect(throws: StoreError.noSuchSession(session.id)) { try await store.cancelSession(session.id, in: group.id, by: s.bob) }
    }

    @Test("a session is to come, of 1 minute to 12 hours, in a group room; a study room's are its writer's; a one-off's meeting is its start", arguments: StoreFactory.all)
    func rules(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let direct = try await store.directRoom(between: s.alice, and: s.bob.user)
        await #expect(throws: StoreError.sessionInDirectRoom(direct.id)) {
            try await store.addSession(startsAt: Self.saturday, minutes: 60, weekly: false, in: direct.id, by: s.alice)
        }
        let post = try await store.createProject(ProjectDraft(title: "Swift study", works: ["ios"], capacity: 2, body: "Saturdays"), by: s.alice)
        let study = try await store.join(projectID: post.id, by: s.bob)
        await #expect(throws: StoreError.onlyWriterSchedules(projectID: post.id, writer: "alice")) {
            try await store.addSession(startsAt: Self.saturday, minutes: 60, weekly: false, in: study.id, by: s.bob)
        }
        await #expect(throws: StoreError.noSuchRoom(study.id)) {
            try await store.addSession(startsAt: Self.saturday, minutes: 60, weekly: false, in: study.id, by: s.carol)
        }
        for (start, minutes) in [(TestApp.start.addingTimeInterval(-60), 60), (Self.saturday, 0), (Self.saturday, StudySession.longestMinutes + 1)] {
            await #expect(throws: StoreError.self) { try await store.addSession(startsAt: start, minutes: minutes, weekly: false, in: study.id, by: s.alice) }
        }
        let room = try await store.addSession(startsAt: Self.saturday, minutes: StudySession.longestMinutes, weekly: false, in: study.id, by: s.alice)
        let session = try #require(room.sessions.first)
        await #expect(throws: StoreError.noSuchSession(session.id), "a one-off meets once") {
            try await store.answerSession(session.id, meeting: Self.saturday.addingTimeInterval(7 * Self.day), .yes, in: study.id, by: s.bob)
        }
        await #expect(throws: StoreError.onlyWriterSchedules(projectID: post.id, writer: "alice")) {
            try await store.cancelSession(session.id, in: study.id, by: s.bob)
        }
    }

    @Test("a study room's yes is capped at its post's capacity, which counts the writer; maybe and no are not", arguments: StoreFactory.all)
    func capacity(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let draft = ProjectDraft(title: "Swift study", works: ["ios"], capacity: 3, body: "Saturdays")
        let post = try await store.createProject(draft, by: s.alice)
        _ = try await store.join(projectID: post.id, by: s.bob)
        let study = try await store.join(projectID: post.id, by: s.carol)
        let room = try await store.addSession(startsAt: Self.saturday, minutes: 60, weekly: false, in: study.id, by: s.alice)
        let session = try #require(room.sessions.first)
        // The writer wants fewer now: the three stay in the room, but only two places are kept.
        var smaller = draft
        smaller.capacity = 2
        _ = try await store.updateProject(id: post.id, with: smaller, by: s.alice)
        for person in [s.alice, s.bob] {
            _ = try await store.answerSession(session.id, meeting: session.startsAt, .yes, in: study.id, by: person)
        }
        await #expect(throws: StoreError.sessionFull(sessionID: session.id, capacity: 2)) {
            try await store.answerSession(session.id, meeting: session.startsAt, .yes, in: study.id, by: s.carol)
        }
        _ = try await store.answerSession(session.id, meeting: session.startsAt, .maybe, in: study.id, by: s.carol)
        _ = try await store.answerSession(session.id, meeting: session.startsAt, .yes, in: study.id, by: s.bob)
        _ = try await store.answerSession(session.id, meeting: session.startsAt, .no, in: study.id, by: s.bob)
        let after = try await store.answerSession(session.id, meeting: session.startsAt, .yes, in: study.id, by: s.carol)
        #expect(after.sessions.first?.answers(for: session.startsAt).map(\.reply) == [.yes, .no, .yes], "bob's place went to carol")
    }

    @Test("members saying yes at once to a study room's meeting never take more places than its post has", arguments: StoreFactory.all)
    func yesAtOnce(_ factory: StoreFactory) async throws {
        let (store, people, room) = try await factory.makeWithGroupOfFour()
        let draft = ProjectDraft(title: "Go study", works: ["backend"], capacity: 4, body: "Sundays")
        let post = try await store.createProject(draft, by: people[0])
        var study = try await store.join(projectID: post.id, by: people[1])
        for person in people[2...] { study = try await store.bringIn(person, to: study.id, by: people[0]) }
        var smaller = draft
        smaller.capacity = 2
        _ = try await store.updateProject(id: post.id, with: smaller, by: people[0])
        _ = room
        let studyID = study.id
        for seed in UInt64(1)...3 {
            var random = SeededGenerator(seed: seed)
            let added = try await store.addSession(
                startsAt: Self.saturday.addingTimeInterval(TimeInterval(seed) * 3600), minutes: 60, weekly: false, in: study.id, by: people[0])
            let session = try #require(added.sessions.last)
            let order = people.shuffled(using: &random)
            let replies = order.map { _ in [StudySession.Reply.yes, .yes, .maybe].randomElement(using: &random)! }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (person, reply) in zip(order, replies) {
                    group.addTask {
                        for answer in [reply, .yes] {
                            do {
                                _ = try await store.answerSession(session.id, meeting: session.startsAt, answer, in: studyID, by: person)
                            } catch StoreError.sessionFull {}
                        }
                    }
                }
                try await group.waitForAll()
            }
            let answers = try #require(try await store.room(id: study.id, for: people[0]).sessions.first { $0.id == session.id })
                .answers(for: session.startsAt)
            #expect(answers.count { $0.reply == .yes } == 2, "seed \(seed): both places taken, no more")
            #expect(Set(answers.map(\.user.name)).count == answers.count, "seed \(seed): one answer each")
        }
    }

    @Test("a room holds at most StudySession.perRoomLimit sessions to come; every store refuses the one past it", arguments: StoreFactory.all)
    func perRoomLimit(_ factory: StoreFactory) async throws {
        let (store, s, group) = try await factory.makeWithCastInGroup()
        for index in 0..<StudySession.perRoomLimit {
            _ = try await store.addSession(
                startsAt: Self.saturday.addingTimeInterval(TimeInterval(index) * 3600), minutes: 60, weekly: false, in: group.id, by: s.alice)
        }
        await #expect(throws: StoreError.tooManySessions(group.id)) {
            try await store.addSession(startsAt: Self.saturday, minutes: 60, weekly: true, in: group.id, by: s.bob)
        }
        let first = try #require(try await store.room(id: group.id, for: s.bob).sessions.first)
        _ = try await store.cancelSession(first.id, in: group.id, by: s.bob)
        #expect(try await store.addSession(startsAt: Self.saturday, minutes: 60, weekly: true, in: group.id, by: s.bob).sessions.count
            == StudySession.perRoomLimit)
    }
}

/// When a session meets, worked out from its first meeting.
@Suite("A study session's meetings")
struct StudySessionMeetingTests {
    private static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
        CivilTime(year: year, month: month, day: day, hour: hour, minute: minute).date()
    }

    @Test("a weekly session keeps its local time across a change of daylight saving; the next meeting is the one not over")
    func weekly() {
        let newYork: (Date) -> Int = { $0 < Self.utc(2026, 11, 1, 6, 0) ? -4 * 3600 : -5 * 3600 }
        // Saturday 2026-10-24, 10:00 in New York (14:00 UTC, daylight saving time).
        let session = StudySession(id: 1, startsAt: Self.utc(2026, 10, 24, 14, 0), minutes: 120, isWeekly: true, createdBy: User(name: "alice"))
        #expect(session.occurrence(1, utcOffset: newYork) == Self.utc(2026, 10, 31, 14, 0))
        #expect(session.occurrence(2, utcOffset: newYork) == Self.utc(2026, 11, 7, 15, 0), "10:00 still, an hour later in UTC")
        #expect(session.next(after: Self.utc(2026, 10, 31, 15, 59), utcOffset: newYork) == Self.utc(2026, 10, 31, 14, 0), "under way")
        #expect(session.next(after: Self.utc(2026, 10, 31, 16, 0), utcOffset: newYork) == Self.utc(2026, 11, 7, 15, 0))
        let once = StudySession(id: 2, startsAt: Self.utc(2026, 10, 24, 14, 0), minutes: 60, isWeekly: false, createdBy: User(name: "alice"))
        #expect(once.next(after: Self.utc(2026, 10, 24, 15, 0), utcOffset: newYork) == nil, "met, and over")
    }
}
