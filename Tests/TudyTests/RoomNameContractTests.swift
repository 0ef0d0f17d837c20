import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// `/rename` and `/topic`: one rule a test, on every store.
@Suite("ChatStore contract: room names and topics", .closingStores)
struct RoomNameContractTests {
    @Test("a member names a group room for everyone, told live; a 1:1 room keeps the other person's name", arguments: StoreFactory.all)
    func rename(_ factory: StoreFactory) async throws {
        let (store, s, group) = try await factory.makeWithCastInGroup()
        let bobs = await ChangeRecorder.reading(try await store.changes(for: s.bob))

        let renamed = try await store.rename(roomID: group.id, to: "  Swift study  ", by: s.carol)
        #expect(renamed.name == "Swift study" && renamed.members == group.members, "trimmed, and nobody moved")
        #expect(renamed.title(for: s.bob.user) == "Swift study")
        #expect(await bobs.next(1) == [.roomChanged(renamed)])
        #expect(try await store.rooms(of: s.bob).first { $0.room.id == group.id }?.room.name == "Swift study")
        #expect(try await store.room(id: group.id, for: s.alice) == renamed)

        let direct = try await store.directRoom(between: s.alice, and: s.bob.user)
        await #expect(throws: StoreError.cannotRenameDirect(direct.id)) { try await store.rename(roomID: direct.id, to: "Us", by: s.alice) }
        let dave = try await store.signUp(name: "dave", password: "password-dave")
        await #expect(throws: StoreError.noSuchRoom(group.id), "only a member") { try await store.rename(roomID: group.id, to: "Mine", by: dave) }
        #expect(try await store.room(id: group.id, for: s.alice).name == "Swift study")
    }

    @Test("a name is one line of 1 to 64 characters with no control characters; every store refuses the same", arguments: StoreFactory.all)
    func names(_ factory: StoreFactory) async throws {
        let (store, s, group) = try await factory.makeWithCastInGroup()
        for bad in ["", "   ", String(repeating: "가", count: Room.nameLimit + 1), "two\nlines", "tab\there", "bell\u{07}", "esc\u{1B}[31m"] {
            await #expect(throws: StoreError.self, "\(bad.debugDescription)") { try await store.rename(roomID: group.id, to: bad, by: s.alice) }
        }
        #expect(try await store.rename(roomID: group.id, to: String(repeating: "가", count: Room.nameLimit), by: s.alice).name?.count == Room.nameLimit)
        #expect(try await store.rename(roomID: group.id, to: "스터디 🦉", by: s.alice).name == "스터디 🦉")
    }

    @Test("any room has a topic, set and cleared by any member and told live; a topic is one line of at most 200 characters", arguments: StoreFactory.all)
    func topic(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let direct = try await store.directRoom(between: s.alice, and: s.bob.user)
        let bobs = await ChangeRecorder.reading(try await store.changes(for: s.bob))

        let set = try await store.setTopic(roomID: direct.id, to: "chapter 3 on Saturday", by: s.alice)
        #expect(set.topic == "chapter 3 on Saturday" && set.name == nil)
        #expect(await bobs.next(1) == [.roomChanged(set)])
        let cleared = try await store.setTopic(roomID: direct.id, to: " ", by: s.bob)
        #expect(cleared.topic == nil)
        #expect(await bobs.next(1) == [.roomChanged(cleared)])

        await #expect(throws: StoreError.invalidTopic("a topic has at most \(Room.topicLimit) characters: shorten it")) {
            try await store.setTopic(roomID: direct.id, to: String(repeating: "a", count: Room.topicLimit + 1), by: s.alice)
        }
        await #expect(throws: StoreError.self) { try await store.setTopic(roomID: direct.id, to: "a\u{1B}b", by: s.alice) }
        await #expect(throws: StoreError.noSuchRoom(direct.id)) { try await store.setTopic(roomID: direct.id, to: "mine", by: s.carol) }
        #expect(try await store.room(id: direct.id, for: s.alice).topic == nil)
    }
}
