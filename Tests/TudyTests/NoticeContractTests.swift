import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// `/notice`: one notice pinned to a room, who has read it, told live; one rule a test, on every store.
@Suite("ChatStore contract: a room's pinned notice", .closingStores)
struct NoticeContractTests {
    @Test("any member pins a group room's notice, read by its writer alone; a read is told live; a new one is unread again; empty text takes it down", arguments: StoreFactory.all)
    func pinAndRead(_ factory: StoreFactory) async throws {
        let (store, s, group) = try await factory.makeWithCastInGroup()
        let bobs = await ChangeRecorder.reading(try await store.changes(for: s.bob))

        let pinned = try await store.pinNotice("  Bring chapter 3  ", in: group.id, by: s.carol)
        let notice = try #require(pinned.notice)
        #expect(notice.text == "Bring chapter 3" && notice.writer.name == "carol" && notice.readBy.map(\.name) == ["carol"])
        #expect(notice.notYet(in: pinned).map(\.name) == ["alice", "bob"])
        #expect(pinned.members == group.members && pinned.topic == nil, "nothing else moved")
        #expect(await bobs.next(1) == [.roomChanged(pinned)], "told live, as a topic is")
        #expect(try await store.room(id: group.id, for: s.alice) == pinned)
        #expect(try await store.rooms(of: s.alice).first { $0.room.id == group.id }?.room.notice == notice)

        let read = try await store.readNotice(in: group.id, by: s.alice)
        #expect(read.notice?.readBy.map(\.name) == ["alice", "carol"], "in the room's order")
        #expect(await bobs.next(1) == [.roomChanged(read)])
        #expect(try await store.readNotice(in: group.id, by: s.alice) == read, "read once is read")

        let again = try await store.pinNotice("Bring chapter 4", in: group.id, by: s.bob)
        #expect(again.notice?.writer.name == "bob" && again.notice?.readBy.map(\.name) == ["bob"], "a new notice: read by its writer alone")
        #expect(await bobs.next(1) == [.roomChanged(again)])

        let down = try await store.pinNotice(" ", in: group.id, by: s.alice)
        #expect(down.notice == nil)
        #expect(await bobs.next(1) == [.roomChanged(down)])
        #expect(try await store.readNotice(in: group.id, by: s.carol) == down, "no notice: nothing to read")
        #expect(try await store.pinNotice("", in: group.id, by: s.alice) == down, "none to take down: nothing changes")
    }

    @Test("a 1:1 room has no notice; a study room's is its post's writer's; none for a stranger", arguments: StoreFactory.all)
    func whoPins(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let direct = try await store.directRoom(between: s.alice, and: s.bob.user)
        await #expect(throws: StoreError.noticeInDirectRoom(direct.id)) { try await store.pinNotice("hi", in: direct.id, by: s.alice) }
        #expect(try await store.readNotice(in: direct.id, by: s.bob).notice == nil)

        let post = try await store.createProject(ProjectDraft(title: "Swift study", works: ["ios"], capacity: 4, body: "Saturdays"), by: s.alice)
        let study = try await store.join(projectID: post.id, by: s.bob)
        await #expect(throws: StoreError.onlyWriterPins(projectID: post.id, writer: "alice")) {
            try await store.pinNotice("mine", in: study.id, by: s.bob)
        }
        await #expect(throws: StoreError.noSuchRoom(study.id)) { try await store.pinNotice("mine", in: study.id, by: s.carol) }
        await #expect(throws: StoreError.noSuchRoom(study.id)) { try await store.readNotice(in: study.id, by: s.carol) }
        #expect(try await store.pinNotice("Saturday 10:00", in: study.id, by: s.alice).notice?.text == "Saturday 10:00")
        await #expect(throws: StoreError.onlyWriterPins(projectID: post.id, writer: "alice"), "nor take it down") {
            try await store.pinNotice("", in: study.id, by: s.bob)
        }
        try await store.deleteProject(id: post.id, by: s.alice)
        #expect(try await store.pinNotice("ours now", in: study.id, by: s.bob).notice?.text == "ours now", "the post gone, a plain group room")
    }

    @Test("a notice is one line of at most RoomNotice.textLimit characters, with no control characters; every store refuses the same", arguments: StoreFactory.all)
    func limits(_ factory: StoreFactory) async throws {
        let (store, s, group) = try await factory.makeWithCastInGroup()
        let longest = String(repeating: "공", count: RoomNotice.textLimit)
        #expect(try await store.pinNotice(longest, in: group.id, by: s.alice).notice?.text == longest)
        await #expect(throws: StoreError.invalidNotice("a notice has at most \(RoomNotice.textLimit) characters: shorten it")) {
            try await store.pinNotice(longest + "!", in: group.id, by: s.alice)
        }
        for bad in ["two\nlines", "tab\there", "bell\u{07}", "esc\u{1B}[31m"] {
            await #expect(throws: StoreError.self, "\(bad.debugDescription)") { try await store.pinNotice(bad, in: group.id, by: s.alice) }
        }
        #expect(try await store.room(id: group.id, for: s.bob).notice?.text == longest, "a refusal changes nothing")
    }

    @Test("who has read it counts members only: one who leaves drops out, and comes back to a notice unread", arguments: StoreFactory.all)
    func leaveAndReturn(_ factory: StoreFactory) async throws {
        let (store, s, group) = try await factory.makeWithCastInGroup()
        _ = try await store.pinNotice("Bring chapter 3", in: group.id, by: s.alice)
        _ = try await store.readNotice(in: group.id, by: s.carol)
        try await store.leave(roomID: group.id, session: s.carol)
        let without = try await store.room(id: group.id, for: s.alice)
        #expect(without.notice?.readBy.map(\.name) == ["alice"] && without.notice?.notYet(in: without).map(\.name) == ["bob"])
        let back = try await store.bringIn(s.carol, to: group.id, by: s.alice)
        #expect(back.notice?.notYet(in: back).map(\.name) == ["bob", "carol"], "back in: not read yet")
    }

    @Test("members reading at once while the notice is pinned again lose no read: each read after the last pin counts", arguments: StoreFactory.all)
    func readsAtOnce(_ factory: StoreFactory) async throws {
        let (store, people, room) = try await factory.makeWithGroupOfFour()
        for seed in UInt64(1)...3 {
            var random = SeededGenerator(seed: seed)
            let order = people.shuffled(using: &random)
            let pins = Int.random(in: 1...3, using: &random)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, person) in order.enumerated() {
                    group.addTask {
                        for _ in 0..<3 { _ = try await store.readNotice(in: room.id, by: person) }
                        if index < pins { _ = try await store.pinNotice("pin \(seed) by \(index)", in: room.id, by: person) }
                    }
                }
                try await group.waitForAll()
            }
            let settled = try await store.room(id: room.id, for: people[0])
            let notice = try #require(settled.notice, "seed \(seed)")
            #expect(notice.isRead(by: notice.writer), "seed \(seed): its writer has read it")
            #expect(notice.readBy == settled.members.filter(notice.isRead), "seed \(seed): members only, in their order")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for person in order { group.addTask { _ = try await store.readNotice(in: room.id, by: person) } }
                try await group.waitForAll()
            }
            let read = try await store.room(id: room.id, for: people[0])
            #expect(read.notice?.readBy == read.members, "seed \(seed): all four reads kept")
        }
    }
}
