import Foundation
import GRDB
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudySQLite

/// Files that are not tudy's are never changed, nor given anything beside them: only an
/// empty or a new file becomes a store.
@Suite("Foreign files")
struct ForeignFileTests {
    /// Another program's SQLite file, made by the SQL given.
    struct ForeignDatabase: Sendable, CustomTestStringConvertible {
        let id: String
        let sql: String
        var testDescription: String { id }
    }

    static let foreignDatabases = [
        ForeignDatabase(id: "an empty grdb_migrations table", sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)"),
        ForeignDatabase(id: "a user_version and nothing else", sql: "PRAGMA user_version = 7"),
        ForeignDatabase(id: "its own user table", sql: "CREATE TABLE user (id INTEGER PRIMARY KEY, email TEXT)"),
        ForeignDatabase(id: "WAL mode", sql: "PRAGMA journal_mode = WAL; CREATE TABLE note (text TEXT)"),
        ForeignDatabase(
            id: "another GRDB app's migrations",
            sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY); INSERT INTO grdb_migrations VALUES ('v1 recipes')"),
        ForeignDatabase(
            id: "tudy's tables under another application id",
            sql: "PRAGMA application_id = 42; CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY); CREATE TABLE user (id INTEGER PRIMARY KEY); CREATE TABLE room (id INTEGER PRIMARY KEY); CREATE TABLE message (id INTEGER PRIMARY KEY); INSERT INTO grdb_migrations VALUES ('v1 users, posts, rooms, messages')"),
        ForeignDatabase(id: "no tables at all", sql: "PRAGMA page_size = 4096; VACUUM"),
    ]

    /// The names in a directory and each file's bytes.
    static func snapshot(_ directory: URL) throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        return try Dictionary(uniqueKeysWithValues: names.map { name in
            (name, try Data(contentsOf: directory.appendingPathComponent(name)))
        })
    }

    /// A store file as an older tudy left it: migrated up to `migration`, then `fill`ed.
    static func oldStore(upTo migration: String, _ fill: @escaping @Sendable (Database) throws -> Void) async throws -> String {
        let path = try TemporaryDirectory.make().appendingPathComponent("old.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(queue, upTo: migration)
        try await queue.write(fill)
        try queue.close()
        return path
    }

    static func open(_ path: String) throws -> SQLiteChatStore {
        try SQLiteChatStore(path: path, clock: .stepping(from: TestApp.start), hasher: Argon2idPasswordHasher(cost: .testing))
    }

    @Test("another program's SQLite file is refused and left byte for byte, with nothing beside it", arguments: foreignDatabases)
    func foreignDatabase(_ foreign: ForeignDatabase) throws {
        let directory = try TemporaryDirectory.make()
        let path = directory.appendingPathComponent("theirs.db").path
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: foreign.sql) }
        try queue.close()
        let before = try Self.snapshot(directory)
        #expect(before.keys.sorted() == ["theirs.db"])

        #expect(throws: StorageError.notATudyStore(path: path)) { try Self.open(path) }
        #expect(try Self.snapshot(directory) == before)
    }

    @Test("a directory, a device, a dangling link: each says what it is, and nothing is made")
    func notAFile() throws {
        let directory = try TemporaryDirectory.make()
        #expect(throws: StorageError.isDirectory(path: directory.path)) { try Self.open(directory.path) }

        #expect(throws: StorageError.notARegularFile(path: "/dev/null")) { try Self.open("/dev/null") }
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-wal"))

        let link = directory.appendingPathComponent("link.sqlite").path
        let missing = directory.appendingPathComponent("gone.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: missing)
        #expect(throws: StorageError.danglingLink(path: link, target: missing)) { try Self.open(link) }
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(StorageError.danglingLink(path: link, target: missing).message.contains("does not exist"))
        #expect(StorageError.isDirectory(path: "/d").message.hasPrefix("/d is a directory"))
    }

    @Test("an empty file and a link to a store work; a store is marked as tudy's")
    func ours() async throws {
        let directory = try TemporaryDirectory.make()
        let empty = directory.appendingPathComponent("empty.sqlite").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        _ = try await Self.open(empty).signUp(name: "alice", password: "alice-password")
        #expect(try StoreFileHeader(path: empty).applicationID == StoreFile.applicationID)

        let link = directory.appendingPathComponent("link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: empty)
        #expect(try await Self.open(link).userNames() == ["alice"])
    }

    @Test("a store made before the day each user joined was kept opens whole: its users are there, their day unknown; one who signs up after has it")
    func storeFromBeforeJoinedDays() async throws {
        let path = try await Self.oldStore(upTo: "v13 failed logins forgotten") { db in
            try db.execute(sql: "INSERT INTO user (name, name_key, password_hash) VALUES ('alice', 'alice', 'x')")
        }

        let store = try Self.open(path)
        #expect(try await store.profile(named: "alice") == UserProfile(user: User(name: "alice"), joinedAt: nil))
        _ = try await store.signUp(name: "bob", password: "bob-password")
        #expect(try await store.profile(named: "bob").joinedAt != nil)
        #expect(try await store.userNames() == ["alice", "bob"])
    }

    @Test("a store from before the mark is still opened, and gets the mark")
    func unmarkedStore() async throws {
        let path = try await Self.oldStore(upTo: "v1 users, posts, rooms, messages") { db in
            try db.execute(sql: "INSERT INTO user (name, password_hash) VALUES ('alice', 'x')")
        }
        #expect(try StoreFileHeader(path: path).applicationID == 0)

        #expect(try await Self.open(path).userNames() == ["alice"])
        let marked = try DatabaseQueue(path: path)
        #expect(try await marked.read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") } == StoreFile.applicationID)
    }
}
