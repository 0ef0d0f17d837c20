import Foundation
import GRDB
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudySQLite

/// A store file made by an earlier tudy opens in this one, migrated, with nothing lost.
@Suite("Store upgrade")
struct StoreUpgradeTests {
    /// `Fixtures/store-v14.sqlite`: made by tudy at schema v14 (the release before message
    /// kinds) through its own commands: alice and bob, alice's post, and their 1:1 room with
    /// four messages, one edited and one unsent. Its sessions were deleted before it was kept.
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/store-v14.sqlite")

    /// A copy of a fixture in a folder of the test's, opened by this tudy, which migrates it.
    private func opened(_ fixture: URL) throws -> SQLiteChatStore {
        let path = try TemporaryDirectory.make().appendingPathComponent("tudy.sqlite").path
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        return try SQLiteChatStore(
            path: path, clock: .stepping(from: TestApp.start), hasher: Argon2idPasswordHasher(cost: .testing), access: .session)
    }

    @Test("a store of schema v14 opens, migrated: its accounts, post, room and messages are all there, and new kinds of message can be sent")
    func opensV14() async throws {
        let store = try opened(Self.fixture)

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

        let waved = try await store.send(OutgoingMessage("waves", kind: .action), to: room.id, from: alice)
        #expect(try await store.messages(in: room.id, for: bob, after: messages[3].id, limit: 10) == [waved])
        #expect(waved.kind == .action)
    }

    /// `Fixtures/store-v20.sqlite`: made by tudy 0.6.0 at schema v20 (the release before read
    /// counts) from the `study-rooms` transcript's seed and script, then carol's `/me waves`
    /// and `/reply #2 see you then`, and alice's `/ignore dave`. Its sessions were deleted
    /// before it was kept.
    static let fixtureV20 = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/store-v20.sqlite")

    @Test("a store of schema v20 opens, migrated: the study room, its name, topic and kick, reactions, replies, quiet and read marks are all there, and a read is told")
    func opensV20() async throws {
        let store = try opened(Self.fixtureV20)
        let alice = try await store.logIn(name: "alice", password: "alice-password")
        let bob = try await store.logIn(name: "bob", password: "bob-password")
        let carol = try await store.logIn(name: "carol", password: "carol-password")

        let post = try await store.project(id: 1)
        #expect(post.memberCount == 2 && post.capacity == 3 && post.roomID == 1)
        let room = try await store.room(id: 1, for: alice)
        #expect(room.name == "Swift study group" && room.topic == "chapter 3, Saturday 10:00")
        #expect(room.members.map(\.name) == ["alice", "carol"] && room.departed.map(\.name) == ["bob"])
        await #expect(throws: StoreError.removedFromStudy(1)) { try await store.join(projectID: 1, by: bob) }

        let messages = try await store.messages(in: 1, for: carol, before: nil, limit: 10).messages
        #expect(messages.first?.reactions == [Reaction(emoji: "❤", count: 1), Reaction(emoji: "👍", count: 1)])
        let waved = try #require(messages.first { $0.text == "waves" })
        #expect(waved.kind == .action)
        #expect(messages.last?.text == "see you then" && messages.last?.replyTo?.id == 2)
        #expect(try await store.quiet(of: alice) == [.room(1), .person("dave")])

        #expect(try await store.readMarks(in: 1, for: alice) == [alice.user: 2, carol.user: 1])
        let told = await ChangeRecorder.reading(try await store.changes(for: alice))
        let last = try #require(messages.last)
        try await store.markRead(roomID: 1, upTo: last.id, for: carol)
        #expect(await told.next(1) == [.read(roomID: 1, reader: carol.user, upTo: last.id)])
    }

    @Test("the migrations up to v14 build the very tables the v14 store holds: columns, keys, indexes and triggers, as SQLite reads them")
    func migrationsUnchanged() throws {
        let directory = try TemporaryDirectory.make()
        let made = try DatabaseQueue(path: directory.appendingPathComponent("new.sqlite").path)
        try StoreSchema.migrator.migrate(made, upTo: "v14 the day each user joined")
        // A copy: SQLite opens a WAL file beside whatever it reads, even read-only.
        let keptPath = directory.appendingPathComponent("kept.sqlite").path
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: keptPath)
        let kept = try DatabaseQueue(path: keptPath)
        let madeSchema = try made.read(Self.schema)
        #expect(madeSchema.count > 20, "a schema of \(madeSchema.count) lines is not a store's")
        let keptSchema = try kept.read(Self.schema)
        for (line, (madeLine, keptLine)) in zip(madeSchema, keptSchema).enumerated() where madeLine != keptLine {
            Issue.record("line \(line): the migrations make \(madeLine); the v14 store holds \(keptLine)")
            break
        }
        #expect(madeSchema.count == keptSchema.count)
    }

    /// Each table's columns, foreign keys and indexes as SQLite reads them, and the SQL of each
    /// table, index and trigger, one line each.
    private static func schema(_ db: Database) throws -> [String] {
        func rows(_ sql: String) throws -> [String] {
            try Row.fetchAll(db, sql: sql).map { row in row.databaseValues.map(\.description).joined(separator: "|") }
        }
        var lines: [String] = []
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'grdb%' ORDER BY name")
        for table in tables {
            lines += try rows("SELECT * FROM pragma_table_xinfo('\(table)')").map { "\(table) column \($0)" }
            lines += try rows("SELECT * FROM pragma_foreign_key_list('\(table)')").map { "\(table) key \($0)" }
            let indexes = try Row.fetchAll(db, sql: "SELECT name, \"unique\", origin, partial FROM pragma_index_list('\(table)') ORDER BY name")
            for index in indexes {
                let name: String = index["name"]
                lines.append("\(table) index \(index.databaseValues.map(\.description).joined(separator: "|"))")
                lines += try rows("SELECT * FROM pragma_index_xinfo('\(name)')").map { "\(name) part \($0)" }
            }
        }
        // The SQL as written, without the quotes and spaces GRDB's table builder writes
        // differently, holds what no pragma tells: CHECKs, a column's collation, AUTOINCREMENT.
        let written = try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
        for object in written where !(object["name"] as String).hasPrefix("grdb") {
            let sql = (object["sql"] as String).replacing("\"", with: "")
                .replacing(#/\s*([(),])\s*/#) { $0.output.1 }
                .replacing(#/\s+/#, with: " ")
            lines.append("\(object["type"] as String) \(object["name"] as String): \(sql)")
        }
        return lines
    }
}
