import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

@Suite("Fixture decoding")
struct FixtureTests {
    @Test("snake_case keys decode through CodingKeys alone")
    func snakeCase() throws {
        let json = """
            {"projects": [{"title": "T", "works": ["ios"], "capacity": 2, "body": "B", "writer": "bob",
                           "is_open": true, "created_at": "2026-01-02T03:04:05Z"}]}
            """
        let fixture = try Fixture.decode(Data(json.utf8))
        #expect(fixture.projects.first?.isOpen == true)
        #expect(fixture.projects.first?.createdAt != nil)
        #expect(fixture.users.isEmpty && fixture.rooms.isEmpty)
    }

    @Test("camelCase keys are not silently accepted")
    func camelCaseRefused() {
        let json = #"{"projects": [{"title": "T", "works": [], "capacity": 2, "body": "B", "writer": "b", "isOpen": true}]}"#
        #expect(throws: StoreError.invalidFixture(
            "unknown key 'isOpen' (the keys here are title, works, capacity, body, writer, is_open, created_at) at .projects[0].isOpen"
        )) {
            try Fixture.decode(Data(json.utf8))
        }
    }

    @Test("a key tudy does not read is refused, naming it, where it is and the keys that are read there, at every level")
    func unknownKeysRefused() {
        let cases: [(json: String, problem: String)] = [
            (#"{"users": [], "posts": []}"#, "unknown key 'posts' (the keys here are users, projects, rooms) at .posts"),
            (#"{"users": [{"name": "ann", "password": "p", "admin": true}]}"#,
             "unknown key 'admin' (the keys here are name, password) at .users[0].admin"),
            (#"{"rooms": [{"kind": "direct", "members": ["a", "b"], "messages": [], "topic": "x"}]}"#,
             "unknown key 'topic' (the keys here are kind, members, messages) at .rooms[0].topic"),
            (#"{"rooms": [{"kind": "direct", "members": ["a", "b"], "messages": [{"sender": "a", "text": "hi", "sentAt": "x"}]}]}"#,
             "unknown key 'sentAt' (the keys here are sender, text, sent_at) at .rooms[0].messages[0].sentAt"),
        ]
        for (json, problem) in cases {
            #expect(throws: StoreError.invalidFixture(problem)) { try Fixture.decode(Data(json.utf8)) }
        }
    }

    @Test("broken JSON gets one clear line")
    func brokenJSON() {
        #expect(throws: StoreError.invalidFixture("not valid JSON")) { try Fixture.decode(Data("{".utf8)) }
    }

    @Test("numbers no field can hold: the line names the field", arguments: [
        ("2.5", "a capacity is a whole number, not 2.5 at .projects[0].capacity"),
        ("1e400", "the number 1e400 for 'capacity' (line 2) is out of range"),
        ("-1e999", "the number -1e999 for 'capacity' (line 2) is out of range"),
    ])
    func largeNumbers(number: String, message: String) {
        let json = """
            {"projects": [{"title": "T", "works": ["ios"], "body": "B", "writer": "bob", "is_open": true,
                           "capacity": \(number)}]}
            """
        #expect(throws: StoreError.invalidFixture(message)) { try Fixture.decode(Data(json.utf8)) }
    }

    @Test("a date before 1582 keeps its day", arguments: ["1500-03-01T00:00:00Z", "1500-03-01T09:00:00+09:00", "1500-03-01 00:00:00.000Z"])
    func oldDates(stamp: String) throws {
        let json = #"{"rooms": [{"kind": "group", "members": ["a", "b"], "messages": [{"sender": "a", "text": "x", "sent_at": "\#(stamp)"}]}]}"#
        let date = try #require(try Fixture.decode(Data(json.utf8)).rooms.first?.messages.first?.sentAt)
        #expect(TextFormat.utc.day(date) == "1500-03-01")
        #expect(TextFormat.utc.time(date) == "00:00")
    }

    @Test("a date that is not one names the field")
    func badDate() {
        let json = #"{"rooms": [{"kind": "group", "members": ["a", "b"], "messages": [{"sender": "a", "text": "x", "sent_at": "yesterday"}]}]}"#
        #expect(throws: StoreError.invalidFixture(
            "'yesterday' is not a date such as 2026-11-21T09:30:00Z at .rooms[0].messages[0].sent_at")) {
            try Fixture.decode(Data(json.utf8))
        }
    }

    @Test("the sample fixture shipped under scripts/ loads")
    func sampleFixture() async throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../scripts/sample-seed.json").standardized
        let data = try #require(FileManager.default.contents(atPath: url.path))
        let store = TestApp.memoryStore()
        try await store.load(try Fixture.decode(data))
        #expect(try await store.projects(.all).count >= 3)
    }
}

/// A seed loads whole or not at all, in every store.
@Suite("Seed loading", .closingStores)
struct SeedLoadingTests {
    static let good = """
        {"users": [{"name": "ann", "password": "ann-password"}, {"name": "ben", "password": "ben-password"}],
         "projects": [{"title": "T", "works": ["ios"], "capacity": 2, "body": "B", "writer": "ann", "is_open": true}],
         "rooms": [{"kind": "direct", "members": ["ann", "ben"], "messages": [{"sender": "ann", "text": "hi"}]}]}
        """

    /// A seed that fails after its users and post: its bad part, and the line that says so.
    static let halfway: [(id: String, from: String, to: String, message: String)] = [
        ("an unknown member", #""members": ["ann", "ben"]"#, #""members": ["ann", "nobody"]"#,
         "rooms[0]: there is no user named 'nobody' in the seed or the store"),
        ("a blank message", #""text": "hi""#, #""text": "   ""#,
         "rooms[0].messages[0]: an empty message is not sent: type some text"),
        ("an overlong message", #""text": "hi""#, "\"text\": \"\(String(repeating: "x", count: 4001))\"",
         "rooms[0].messages[0]: a message has at most 4000 characters: split it"),
        ("a name twice", #"{"name": "ben", "password": "ben-password"}"#, #"{"name": "ANN", "password": "ben-password"}"#,
         "users[1]: the name 'ANN' comes twice"),
        ("a weak password", #""password": "ben-password""#, #""password": "short""#,
         "users[1]: a password needs at least 8 characters"),
    ]

    @Test("a fixture loads users, posts and rooms", arguments: StoreFactory.seedable)
    func fixture(_ factory: StoreFactory) async throws {
        let store = try await factory.makeSeedable()
        let json = """
            {"users": [{"name": "alice", "password": "alice-password"}, {"name": "bob", "password": "bob-password"}],
             "projects": [{"title": "T", "works": ["iOS"], "capacity": 2, "body": "B", "writer": "bob",
                           "is_open": false, "created_at": "2026-01-02T03:04:05Z"}],
             "rooms": [{"kind": "direct", "members": ["alice", "bob"],
                        "messages": [{"sender": "bob", "text": "hi", "sent_at": "2026-01-02T03:04:05Z"}]}]}
            """
        try await store.load(try Fixture.decode(Data(json.utf8)))
        let post = try await store.project(id: 1)
        #expect(post.works == ["ios"] && !post.isOpen && post.writer == User(name: "bob"))
        #expect(post.createdAt == Date(timeIntervalSince1970: 1_767_323_045))
        #expect(try await store.logIn(name: "bob", password: "bob-password").user.name == "bob")
        let alice = try await store.logIn(name: "alice", password: "alice-password")
        let rooms = try await store.rooms(of: alice)
        #expect(rooms.first?.lastMessage?.text == "hi" && rooms.first?.unreadCount == 1)
    }

    @Test("a seed that fails halfway leaves nothing, and the corrected seed then loads",
          arguments: StoreFactory.seedable, halfway.map(\.id))
    func wholeOrNothing(factory: StoreFactory, id: String) async throws {
        let bad = try #require(Self.halfway.first { $0.id == id })
        let store = try await factory.makeSeedable()
        let broken = Self.good.replacingOccurrences(of: bad.from, with: bad.to)
        #expect(broken != Self.good)
        await #expect(throws: StoreError.invalidFixture(bad.message)) {
            try await store.load(try Fixture.decode(Data(broken.utf8)))
        }
        #expect(try await store.userNames() == [])
        #expect(try await store.projects(.all) == [])
        try await store.load(try Fixture.decode(Data(Self.good.utf8)))
        #expect(try await store.userNames() == ["ann", "ben"])
    }

    @Test("a seed whose user the store already has: nothing of it is loaded", arguments: StoreFactory.seedable)
    func clashWithStore(factory: StoreFactory) async throws {
        let store = try await factory.makeSeedable()
        _ = try await store.signUp(name: "Ben", password: "ben-password")
        await #expect(throws: StoreError.invalidFixture("users[1]: the store already has a user named 'ben'; nothing was loaded")) {
            try await store.load(try Fixture.decode(Data(Self.good.utf8)))
        }
        #expect(try await store.userNames() == ["Ben"])
        #expect(try await store.projects(.all) == [])
    }
}

@Suite("Text format")
struct TextFormatTests {
    @Test("days and times by arithmetic, in any zone", arguments: [
        (0.0, 0, "1970-01-01", "00:00"),
        (1_795_770_000, 0, "2026-11-27", "09:00"),
        (1_795_770_000, 9 * 3600, "2026-11-27", "18:00"),
        (1_795_770_000, -10 * 3600, "2026-11-26", "23:00"),
        (951_782_400, 0, "2000-02-29", "00:00"),
        (4_107_542_399, 0, "2100-02-28", "23:59"),
        (-1.0, 0, "1969-12-31", "23:59"),
    ])
    func dates(seconds: Double, offset: Int, day: String, time: String) {
        let format = TextFormat { _ in offset }
        let date = Date(timeIntervalSince1970: seconds)
        #expect(format.day(date) == day)
        #expect(format.time(date) == time)
    }
}
