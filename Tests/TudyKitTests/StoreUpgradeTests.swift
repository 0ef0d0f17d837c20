import Foundation
import Testing

@testable import TudyKit
@testable import TudySQLite

/// A store file made by an earlier tudy opens in this one, migrated, with nothing lost.
@Suite("Store upgrade")
struct StoreUpgradeTests {
    /// `Fixtures/store-v14.sqlite`: made by tudy at schema v14 (the release before message
    /// kinds) through its own commands: alice and bob, alice's post, and their 1:1 room with
    /// four messages, one edited and one unsent. Its sessions were deleted before it was kept.
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/store-v14.sqlite")

    @Test("a store of schema v14 opens, migrated: its accounts, post, room and messages are all there, and new kinds of message can be sent")
    func opensV14() async throws {
        let path = try TemporaryDirectory.make().appendingPathComponent("tudy.sqlite").path
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
        let store = try SQLiteChatStore(
            path: path, clock: .stepping(from: TestApp.start), hasher: Argon2idPasswordHasher(cost: .testing), access: .session)

        let bob = try await store.logIn(name: "bob", password: "bob-password")
        let alice = try await store.logIn(name: "alice", password: "alice-password")
        let posts = try await store.projects(.all)
        #expect(posts.map(\.title) == ["Swift study on Saturdays"])
        #expect(posts.first?.works == ["ios", "swift"] && posts.first?.writer.name == "alice")

        let room = try #require(try await store.rooms(of: bob).first?.room)
        #expect(room.kind == .direct && room.members.map(\.name).sorted() == ["alice", "bob"])
        let messages = try await store.messages(in: room.id, for: bob, before: nil, limit: 10).messages
        #expect(messages.map(\.text) == ["Are you joining on Saturday?", "See you at nine.", "", "Yes, I will bring the book."])
        #expect(messages.map(\.status) == [.sent, .edited, .deleted, .sent])
        #expect(messages.map(\.sender.name) == ["alice", "alice", "alice", "bob"])
        #expect(messages.allSatisfy { $0.kind == .text }, "what was sent before kinds is words said")
        #expect(messages.allSatisfy { $0.replyTo == nil }, "what was sent before replies answers none")
        #expect(try await store.findMessages(MessageSearch.words("book"), for: alice, limit: 10).map(\.id) == [messages[3].id])

        let waved = try await store.send("waves", kind: .action, to: room.id, from: alice, key: nil)
        #expect(try await store.messages(in: room.id, for: bob, after: messages[3].id, limit: 10) == [waved])
        #expect(waved.kind == .action)
    }
}
