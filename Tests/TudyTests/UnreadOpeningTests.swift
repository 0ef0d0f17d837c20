import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// Opening a room never depends on how many messages in it are unread, on any store: the
/// first unread after a marker, up to the cap, and `/next` for the rest.
@MainActor
@Suite("Opening a room with many unread", .closingStores)
struct UnreadOpeningTests {
    /// alice and bob, and their 1:1 room with `count` messages from alice, none read by bob.
    private static func fixture(unread count: Int) throws -> Fixture {
        let messages = (1...count).map { #"{"sender": "alice", "text": "m\#($0)"}"# }.joined(separator: ",")
        let json = """
            {"users": [{"name": "alice", "password": "password-alice"}, {"name": "bob", "password": "password-bob"}],
             "rooms": [{"kind": "direct", "members": ["alice", "bob"], "messages": [\(messages)]}]}
            """
        return try Fixture.decode(Data(json.utf8))
    }

    /// The store bob's tudy uses, holding the fixture; a server's client for the remote kind.
    private static func store(_ factory: StoreFactory, holding fixture: Fixture) async throws -> (any ChatStore, () async -> Void) {
        guard factory.openLocal != nil else {
            let local = TestServer.memoryStore()
            try await local.load(fixture)
            let server = try await TestServer.start(local)
            let client = try await server.client()
            return (client, {
                await client.close()
                await server.stop()
            })
        }
        let store = try await factory.makeSeedable()
        try await store.load(fixture)
        return (store, {})
    }

    /// Each store with each count; a quick run makes 100,000 messages in memory only (in
    /// the others it takes seconds: `scripts/test` runs it there too).
    nonisolated static let cases = StoreFactory.all.flatMap { factory in [1, 19, 20, 21, 500, 100_000].map { (factory, $0) } }
        .filter { !QuickRun.isOn || $0.1 < 100_000 || $0.0.name == StoreFactory.memory.name }

    @Test("1, 19, 20, 21, 500 and 100,000 unread: the room opens on the first unread, shows up to the cap, and /next goes on", arguments: cases)
    func opens(factory: StoreFactory, unread: Int) async throws {
        let (store, close) = try await Self.store(factory, holding: try Self.fixture(unread: unread))
        let app = TestApp(store: store)
        try await app.app.start()
        app.context.login.session = try await app.session("bob")
        let room = try #require(try await store.rooms(of: try await app.session("bob")).first).room
        #expect(await app.send("/chat") == [])
        app.output.clear()
        #expect(await app.send("/open \(room.id)") == [])
        let shown = min(unread, RoomScreen.unreadCap)
        let lines = app.output.standardOutput.split(separator: "\n").map(String.init)
        let marker = try #require(lines.firstIndex(of: "── \(shown) new ──"), "\(lines.prefix(5))")
        #expect(lines[marker + 1].hasSuffix("alice: m1"))
        #expect(lines[marker + shown].hasSuffix("alice: m\(shown)"))
        #expect(lines.contains("── more new after these: /next shows them ──") == (unread > shown))
        let left = try await store.rooms(of: try await app.session("bob")).first?.unreadCount
        #expect(left == min(unread - shown, RoomSummary.unreadLimit), "read up to what was shown, no further")
        if unread > shown {
            app.output.clear()
            #expect(await app.send("/next") == [])
            #expect(app.output.standardOutput.contains("alice: m\(shown + 1)\n"))
            #expect(!app.output.standardOutput.contains("alice: m\(shown)\n"))
        }
        await close()
    }
}
