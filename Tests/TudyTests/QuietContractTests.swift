import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// `/mute` and `/ignore`: kept with the account, one rule a test, on every store.
@Suite("ChatStore contract: rooms muted, people ignored", .closingStores)
struct QuietContractTests {
    @Test("a muted room keeps its unread counts; every session of the user sees it muted, until unmuted", arguments: StoreFactory.all)
    func mute(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let room = try await store.directRoom(between: s.alice, and: s.bob.user)
        let other = try await store.directRoom(between: s.alice, and: s.carol.user)
        try await store.setQuiet(.room(room.id), true, by: s.alice)
        try await store.setQuiet(.room(room.id), true, by: s.alice)
        _ = try await store.send("one", to: room.id, from: s.bob)
        _ = try await store.send("two", to: room.id, from: s.bob)

        #expect(try await store.rooms(of: s.alice).first { $0.room.id == room.id }?.unreadCount == 2, "muted, still counted")
        let elsewhere = try await store.logIn(name: "alice", password: "password-alice")
        #expect(try await store.quiet(of: elsewhere) == [.room(room.id)], "another client of hers obeys it")
        #expect(try await store.quiet(of: s.bob).isEmpty, "it is hers alone")
        try await store.setQuiet(.room(room.id), false, by: elsewhere)
        #expect(try await store.quiet(of: s.alice).isEmpty)
        await #expect(throws: StoreError.noSuchRoom(other.id)) { try await store.setQuiet(.room(other.id), true, by: s.bob) }
    }

    @Test("someone ignored is kept, by the name they chose, for every session of the user, until unignored", arguments: StoreFactory.all)
    func ignore(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        try await store.setQuiet(.person("BOB"), true, by: s.alice)
        try await store.setQuiet(.person("bob"), true, by: s.alice)
        try await store.setQuiet(.person("carol"), true, by: s.alice)
        let elsewhere = try await store.logIn(name: "alice", password: "password-alice")
        #expect(try await store.quiet(of: elsewhere) == [.person("bob"), .person("carol")])
        try await store.setQuiet(.person("Carol"), false, by: elsewhere)
        #expect(try await store.quiet(of: s.alice) == [.person("bob")])
        #expect(try await store.quiet(of: s.bob).isEmpty)
        await #expect(throws: StoreError.cannotIgnoreSelf) { try await store.setQuiet(.person("Alice"), true, by: s.alice) }
        await #expect(throws: StoreError.unknownUser("nobody")) { try await store.setQuiet(.person("nobody"), true, by: s.alice) }
    }

    @Test("what someone ignored says is never unread: not counted in the rooms list, not the first unread; unignored, it is again", arguments: StoreFactory.all)
    func ignoredIsNotUnread(_ factory: StoreFactory) async throws {
        let (store, s, room) = try await factory.makeWithCastInGroup()
        let carols = try await store.send("from carol", to: room.id, from: s.carol)
        let bobs = try await store.send("from bob", to: room.id, from: s.bob)
        try await store.setQuiet(.person("carol"), true, by: s.alice)
        #expect(try await store.rooms(of: s.alice).first { $0.room.id == room.id }?.unreadCount == 1)
        #expect(try await store.firstUnread(in: room.id, for: s.alice) == bobs.id)
        try await store.markRead(roomID: room.id, upTo: bobs.id, for: s.alice)
        _ = try await store.send("carol again", to: room.id, from: s.carol)
        #expect(try await store.rooms(of: s.alice).first { $0.room.id == room.id }?.unreadCount == 0)
        #expect(try await store.firstUnread(in: room.id, for: s.alice) == nil)
        #expect(try await store.firstUnread(in: room.id, for: s.bob) == carols.id, "bob ignores nobody")
        try await store.setQuiet(.person("carol"), false, by: s.alice)
        #expect(try await store.rooms(of: s.alice).first { $0.room.id == room.id }?.unreadCount == 1)
    }

    @Test("one ignores at most Quiet.ignoreLimit people; one more is refused, and unignoring one makes room", arguments: StoreFactory.seedable)
    func ignoreLimit(_ factory: StoreFactory) async throws {
        let store = try await factory.makeSeedable()
        let names = (0...Quiet.ignoreLimit).map { "person\($0)" }
        let users = (["ann"] + names).map { #"{"name": "\#($0)", "password": "password-\#($0)"}"# }.joined(separator: ",")
        try await store.load(try Fixture.decode(Data(#"{"users": [\#(users)]}"#.utf8)))
        let ann = try await store.logIn(name: "ann", password: "password-ann")
        for name in names.dropLast() { try await store.setQuiet(.person(name), true, by: ann) }
        await #expect(throws: StoreError.tooManyIgnored) { try await store.setQuiet(.person(names.last!), true, by: ann) }
        try await store.setQuiet(.person(names[0]), true, by: ann)
        try await store.setQuiet(.person(names[0]), false, by: ann)
        try await store.setQuiet(.person(names.last!), true, by: ann)
        #expect(try await store.quiet(of: ann).count == Quiet.ignoreLimit)
    }
}
