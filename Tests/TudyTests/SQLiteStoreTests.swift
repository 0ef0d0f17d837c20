import Foundation
import GRDB
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudySQLite

/// What the SQLite store promises beyond the contract: files, faults, hashes, throttling.
@Suite("SQLite store")
struct SQLiteStoreTests {
    let hasher = Argon2idPasswordHasher(cost: .testing)

    func newPath() throws -> String {
        try TemporaryDirectory.make().appendingPathComponent("tudy.sqlite").path
    }

    func open(
        _ path: String, clock: WallClock = .stepping(from: TestApp.start), access: SQLiteChatStore.Access = .session
    ) throws -> SQLiteChatStore {
        try SQLiteChatStore(path: path, clock: clock, hasher: hasher, access: access)
    }

    /// The store file at `path` and its write-ahead log, as bytes.
    func storeBytes(at path: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path)) + ((try? Data(contentsOf: URL(fileURLWithPath: path + "-wal"))) ?? Data())
    }

    /// Makes alice and bob and their 1:1 room.
    func aliceAndBob(in store: SQLiteChatStore) async throws -> (room: Room, alice: Session, bob: Session) {
        let alice = try await store.signUp(name: "alice", password: "alice-password")
        let bob = try await store.signUp(name: "bob", password: "bob-password")
        return (try await store.directRoom(between: alice, and: bob.user), alice, bob)
    }

    @Test("a new store file is 0600, readable with sqlite3, and holds no plaintext password")
    func newFile() async throws {
        let path = try newPath()
        let store = try open(path)
        _ = try await store.signUp(name: "alice", password: "correct horse battery")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let queue = try DatabaseQueue(path: path)
        let hash = try await queue.read { db in try String.fetchOne(db, sql: "SELECT password_hash FROM user") }
        #expect(hash?.hasPrefix("$argon2id$v=19$") == true)
        #expect(try storeBytes(at: path).range(of: Data("correct horse battery".utf8)) == nil)
    }

    @Test("the default hasher meets OWASP's minimum for Argon2id")
    func owaspDefault() throws {
        let encoded = try Argon2idPasswordHasher().hash("a password")
        #expect(encoded.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
        #expect(try Argon2idPasswordHasher().hash("a password") != encoded)
        #expect(Argon2idPasswordHasher().verify("a password", against: encoded))
        #expect(!Argon2idPasswordHasher().verify("a passwore", against: encoded))
    }

    @Test("what one store instance writes, another on the same file reads, after reopening too")
    func reopen() async throws {
        let path = try newPath()
        let first = try open(path)
        let (room, alice, bob) = try await aliceAndBob(in: first)
        _ = try await first.send("안녕", to: room.id, from: alice)
        let second = try open(path)
        let page = try await second.messages(in: room.id, for: bob, before: nil, limit: 10)
        #expect(page.messages.map(\.text) == ["안녕"])
    }

    @Test("failed logins slow further tries, counted in the store across a restart")
    func throttle() async throws {
        let path = try newPath()
        let clock = ManualClock(TestApp.start)
        let store = try open(path, clock: clock.wallClock)
        _ = try await store.signUp(name: "alice", password: "alice-password")
        for _ in 1...4 {
            await #expect(throws: StoreError.wrongCredentials) { try await store.logIn(name: "alice", password: "nope-nope") }
        }
        let restarted = try open(path, clock: clock.wallClock)
        await #expect(throws: StoreError.tooManyAttempts(waitSeconds: 2)) {
            try await restarted.logIn(name: "alice", password: "alice-password")
        }
        // An unknown name is slowed the same way, so the wait says nothing about who exists.
        for _ in 1...4 {
            await #expect(throws: StoreError.wrongCredentials) { try await store.logIn(name: "nobody", password: "x") }
        }
        await #expect(throws: StoreError.tooManyAttempts(waitSeconds: 2)) {
            try await restarted.logIn(name: "nobody", password: "x")
        }
        clock.advance(by: 2)
        #expect(try await restarted.logIn(name: "alice", password: "alice-password").user == User(name: "alice"))
    }

    @Test("a file that is not a tudy store is refused and left untouched")
    func notATudyStore() async throws {
        let textPath = try newPath()
        try Data("just some notes\n".utf8).write(to: URL(fileURLWithPath: textPath))
        #expect(throws: StorageError.notATudyStore(path: textPath)) { try open(textPath) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: textPath)) == Data("just some notes\n".utf8))

        let otherPath = try newPath()
        let other = try DatabaseQueue(path: otherPath)
        try await other.write { db in try db.execute(sql: "CREATE TABLE recipe (name TEXT)") }
        try other.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: otherPath))
        #expect(throws: StorageError.notATudyStore(path: otherPath)) { try open(otherPath) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: otherPath)) == before)
        #expect(!FileManager.default.fileExists(atPath: otherPath + "-wal"))
    }

    @Test("a store from a newer schema version is refused")
    func newerSchema() async throws {
        let path = try newPath()
        _ = try open(path)
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99 from the future')")
        }
        try queue.close()
        #expect(throws: StorageError.newerSchema(path: path)) { try open(path) }
    }

    @Test("a path in a missing directory is refused")
    func missingDirectory() throws {
        let path = try TemporaryDirectory.make().appendingPathComponent("no/such/dir/tudy.sqlite").path
        #expect(throws: StorageError.missingDirectory(path: path)) { try open(path) }
    }

    /// Makes a file or directory unwritable, for root too (the immutable attribute), until `restore`.
    private func makeReadOnly(_ path: String) throws {
        chmod(path, 0o500)
        if getuid() == 0 { try run("/usr/bin/chattr", "+i", path) }
    }

    private func restore(_ path: String) throws {
        if getuid() == 0 { try run("/usr/bin/chattr", "-i", path) }
        chmod(path, 0o700)
    }

    private func run(_ tool: String, _ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(tool) \(arguments) failed")
    }

    @Test("a read-only file or directory is refused")
    func readOnly() async throws {
        let path = try newPath()
        let store = try open(path)
        _ = try await store.signUp(name: "alice", password: "alice-password")
        try makeReadOnly(path)
        #expect(throws: StorageError.readOnly(path: path)) { try open(path) }
        try restore(path)

        let directory = (path as NSString).deletingLastPathComponent
        try makeReadOnly(directory)
        #expect(throws: StorageError.readOnly(path: directory + "/new.sqlite")) { try open(directory + "/new.sqlite") }
        try restore(directory)
        #expect(try await open(path).user(named: "alice") == User(name: "alice"))
    }

    @Test("a full disk: one clear error, and no half-written message")
    func diskFull() async throws {
        let path = try newPath()
        let setup = try open(path)
        let (room, alice, bob) = try await aliceAndBob(in: setup)
        let pages = try await DatabaseQueue(path: path).read { db in try Int.fetchOne(db, sql: "PRAGMA page_count") } ?? 0
        let store = try SQLiteChatStore(
            path: path, clock: .stepping(from: TestApp.start), hasher: hasher,
            prepare: { db in try db.execute(sql: "PRAGMA max_page_count = \(pages + 8)") })
        var sent = 0
        var failure: (any Error)?
        while failure == nil && sent < 1000 {
            do {
                _ = try await store.send(String(repeating: "가", count: 3000), to: room.id, from: alice)
                sent += 1
            } catch {
                failure = error
            }
        }
        #expect(failure as? StorageError == .diskFull)
        let page = try await store.messages(in: room.id, for: bob, before: nil, limit: 2000)
        #expect(page.messages.count == sent)
        #expect(page.messages.allSatisfy { $0.text.count == 3000 })
        let check = try await DatabaseQueue(path: path).read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        #expect(check == "ok")
    }

    @Test("every write is committed with synchronous = FULL, on a new store and on one opened again",
        arguments: [SQLiteChatStore.Access.session, .server])
    func commitsSynced(access: SQLiteChatStore.Access) async throws {
        let path = try newPath()
        for _ in 1...2 {
            let store = try open(path, access: access)
            // What the writer connection runs with, where every commit is made.
            #expect(try await store.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") } == 2)
            #expect(try await store.write { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        }
    }

    @Test("a chat session opens a store that is already there without writing to it")
    func sessionOpensWithoutWriting() async throws {
        let path = try newPath()
        _ = try await aliceAndBob(in: try open(path))
        // data_version changes on a connection whenever another one has committed.
        let observer = try DatabaseQueue(path: path)
        let version = { try observer.read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") } }
        let before = try version()

        let session = try open(path)
        #expect(try await session.userNames() == ["alice", "bob"])
        #expect(try version() == before, "the session's opening committed something")
        let journalMode = { try observer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } }
        #expect(try journalMode() == "wal")

        // The observer does see a commit: a server's opening makes one (GRDB's WAL set-up).
        let server = try open(path, access: .server)
        #expect(try await server.userNames() == ["alice", "bob"])
        #expect(try version() != before)
    }

    @Test("a store whose changes were followed closes last: the -wal is copied into the file and removed")
    func closesLast() async throws {
        let path = try newPath()
        func follow(_ store: SQLiteChatStore) async throws -> AsyncStream<StoreChange> {
            let (room, alice, _) = try await aliceAndBob(in: store)
            let changes = try await store.changes(for: alice)
            _ = try await store.send("in the file itself", to: room.id, from: alice)
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
            return changes
        }
        // The store goes while its stream is still held, as a session ends at the prompt.
        let changes = try await follow(try open(path))
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "a watcher's connection outlived the store's")
        withExtendedLifetime(changes) {}
    }

    @Test("a write kept waiting past the busy timeout by another process's lock: one clear error, nothing saved; then it goes through")
    func busy() async throws {
        let path = try newPath()
        let (room, alice, bob) = try await aliceAndBob(in: try open(path))
        // The store's 10 s wait made short; the rest of its set-up is its own.
        let store = try SQLiteChatStore(
            path: path, clock: .stepping(from: TestApp.start), hasher: hasher,
            prepare: { db in try db.execute(sql: "PRAGMA busy_timeout = 50") })
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: path, configuration: configuration)
        try await other.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }

        await #expect(throws: StorageError.busy(seconds: Int(StoreFile.busyTimeout))) { try await store.send("while it is held", to: room.id, from: alice) }
        #expect(ErrorReport.message(for: StorageError.busy(seconds: Int(StoreFile.busyTimeout))).contains("nothing was saved"))
        try await other.writeWithoutTransaction { db in try db.execute(sql: "ROLLBACK") }
        _ = try await store.send("once it is free", to: room.id, from: alice)
        #expect(try await store.messages(in: room.id, for: bob, before: nil, limit: 10).messages.map(\.text) == ["once it is free"])
    }
}
