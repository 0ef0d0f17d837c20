import Foundation
import GRDB
import TudyCore

/// A `ChatStore` in a SQLite file, shared safely by several tudy processes.
///
/// Every write is made in an immediate transaction, committed with `synchronous = FULL`
/// in WAL mode: once a call returns, what it wrote survives a kill of the process. Writes
/// that meet at the writer share a transaction, each in a savepoint (`StoreWriter`).
/// Each query is checked against the acting user, whatever ids it is given.
package final class SQLiteChatStore: SeedableStore, BatchSending, BatchMarking, BatchReading, LookAlikeListing {
    /// Who a store is opened for, which decides its connections to the file.
    package enum Access: Sendable {
        /// A chat session, which does one thing at a time: one connection, whose opening
        /// writes nothing to a store that is already there.
        case session
        /// A server, which reads for many clients at once: readers beside the writer.
        case server
    }

    private let database: any DatabaseWriter
    private let writer: StoreWriter
    /// Stopped when the store goes, before `database` closes, so that it closes last.
    let feed: StoreFeed
    /// The store file.
    package let path: String
    let clock: WallClock
    private let hasher: any PasswordHasher
    /// Tries to log in as one name, one at a time.
    private let logins = LoginLine()
    /// Pages of the search index a step of `purgeSearchIndex` merges.
    let searchMergePages: Int

    /// Opens (or makes) the store at `path`.
    /// - Throws: `StorageError` when the file is not a tudy store, is newer, or can not be written.
    package convenience init(path: String, clock: WallClock, hasher: any PasswordHasher, access: Access = .session) throws {
        try self.init(path: path, clock: clock, hasher: hasher, access: access, prepare: nil)
    }

    /// - Parameters:
    ///   - prepare: runs on each new connection; tests use it to shrink the disk.
    ///   - searchMergePages: tests make the steps of `purgeSearchIndex` small.
    init(
        path: String, clock: WallClock, hasher: any PasswordHasher, access: Access = .session,
        prepare: (@Sendable (Database) throws -> Void)?, searchMergePages: Int = SQLiteChatStore.defaultSearchMergePages
    ) throws {
        self.database = try StoreFile.openDatabase(path: path, for: access, prepare: prepare)
        self.writer = StoreWriter(database)
        self.path = path
        self.feed = StoreFeed(path: path)
        self.clock = clock
        self.hasher = hasher
        self.searchMergePages = searchMergePages
    }

    deinit {
        feed.stop()
    }

    // MARK: - Access

    /// Runs `body` on one snapshot of the store, which it only reads.
    func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            guard let connection = database as? DatabaseQueue else { return try await database.read(body) }
            // A session's one connection, which also writes, reads in a plain transaction:
            // GRDB's read-only mode sets `PRAGMA query_only` on and off around each read, and
            // SQLite expires every compiled statement of the connection at each such pragma,
            // so that each read made every statement kept compiled compile again.
            return try await connection.unsafeRead { db in
                var value: T?
                let changes = db.totalChangesCount
                try db.inTransaction(.deferred) {
                    value = try body(db)
                    return .commit
                }
                assert(db.totalChangesCount == changes, "a read of the store wrote to it")
                return value!
            }
        } catch let error as DatabaseError {
            throw StoreFile.translate(error, path: path)
        }
    }

    /// Copies the write-ahead log into the file and empties it. A reader in the way only puts
    /// that off to a later checkpoint, so a failure is nobody's concern.
    func emptyWriteAheadLog() async {
        _ = try? await database.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
    }

    /// Runs `body` in an immediate transaction on the writer's thread (see `StoreWriter`). It
    /// runs on its caller's executor until then, so that a send from the main actor goes to the
    /// writer's thread and straight back.
    nonisolated(nonsending) func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            return try await writer.write(body)
        } catch let error as DatabaseError {
            throw StoreFile.translate(error, path: path)
        }
    }

    /// Runs SQLite's quick check over the whole file, which an ordinary open does not, since
    /// it reads every page. - Throws: `StorageError.damaged` naming the first problem found.
    package func check() async throws {
        let problems = try await read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }.filter { $0 != "ok" }
        guard let first = problems.first else { return }
        throw StorageError.damaged(path: path, problem: first, count: problems.count)
    }

    // MARK: - Accounts

    package func signUp(name: String, password: String) async throws -> Session {
        let name = Accounts.normalized(name)
        try Accounts.check(name: name, password: password)
        let key = Accounts.key(name)
        try await read { db in try Self.checkIsFree(name, in: db) }
        // Hashing is slow on purpose; it happens outside the write lock.
        let hash = try await hasher.hashed(password)
        let now = clock.now()
        return try await write { db in
            try Self.checkIsFree(name, in: db)
            try db.run(
                sql: "INSERT INTO user (name, name_key, look_key, password_hash, joined_at) VALUES (?, ?, ?, ?, ?)",
                arguments: [name, key, Accounts.look(name), hash, StoreDate.text(now)])
            return try Self.openSession(userID: db.lastInsertedRowID, user: User(name: name), now: now, in: db)
        }
    }

    package func logIn(name: String, password: String) async throws -> Session {
        let now = clock.now()
        return try await logins.logIn(name: name, password: password, hasher: hasher) { key in
            // The throttle's decision and the record of this try are one immediate transaction,
            // so that tries made at once by several processes can not all pass one due try.
            try await write { db -> (account: String, passwordHash: String)? in
                try db.run(sql: "DELETE FROM login_failure WHERE last_failed_at < ?",
                    arguments: [StoreDate.text(LoginThrottle.forgettingBefore(now))])
                let failure = try db.fetchOne(Row.self, sql: "SELECT count, last_failed_at FROM login_failure WHERE name = ?", arguments: [key])
                try LoginThrottle.admit(
                    failures: failure?["count"] as Int? ?? 0, lastFailure: failure.map { StoreDate.column($0, "last_failed_at") }, now: now)
                try db.run(sql: """
                        INSERT INTO login_failure (name, count, last_failed_at) VALUES (?, 1, ?)
                        ON CONFLICT (name) DO UPDATE SET count = count + 1, last_failed_at = excluded.last_failed_at
                        """, arguments: [key, StoreDate.text(now)])
                let row = try db.fetchOne(Row.self, sql: "SELECT name, password_hash FROM user WHERE name_key = ?", arguments: [key])
                return row.map { (account: $0["name"], passwordHash: $0["password_hash"]) }
            }
        } succeeding: { key, name in
            try await write { db in
                try db.run(sql: "DELETE FROM login_failure WHERE name = ?", arguments: [key])
                let user = try Self.user(named: name, in: db)
                return try Self.openSession(userID: user.id, user: user.user, now: now, in: db)
            }
        }
    }

    package func resume(_ token: SessionToken) async throws -> Session {
        let now = clock.now()
        return try await read { db in Session(user: try Self.signedIn(token, now: now, in: db).user, token: token) }
    }

    package func logOut(_ session: Session) async throws {
        let now = clock.now()
        try await write { db in
            // Expired sessions of anyone go too, so the table holds only live ones.
            try db.run(sql: "DELETE FROM session WHERE token_hash = ? OR expires_at <= ?",
                arguments: [session.token.hash, StoreDate.text(now)])
        }
    }

    static func openSession(userID: Int64, user: User, now: Date, in db: Database) throws -> Session {
        let token = SessionToken.random()
        try db.run(sql: "INSERT INTO session (token_hash, user_id, expires_at) VALUES (?, ?, ?)",
            arguments: [token.hash, userID, StoreDate.text(now.addingTimeInterval(SessionToken.lifetime))])
        return Session(user: user, token: token)
    }

    /// The user a token names. - Throws: `StoreError.sessionEnded` unless this store gave it and it is current.
    static func signedIn(_ token: SessionToken, now: Date, in db: Database) throws -> (id: Int64, user: User) {
        guard
            let row = try db.fetchOne(Row.self, sql: """
                    SELECT user.id, user.name FROM session JOIN user ON user.id = session.user_id
                    WHERE session.token_hash = ? AND session.expires_at > ?
                    """, arguments: [token.hash, StoreDate.text(now)])
        else { throw StoreError.sessionEnded }
        // By place, not by name: each request of a session checks it.
        return (row[0], User(name: row[1]))
    }

    package func lookAlikeAccounts() async throws -> [[String]] {
        try await read { db in
            try Row.fetchAll(db, sql: """
                    SELECT name, look_key FROM user
                    WHERE look_key IN (SELECT look_key FROM user GROUP BY look_key HAVING COUNT(*) > 1) ORDER BY look_key, id
                    """
            ).reduce(into: [(look: String, names: [String])]()) { groups, row in
                let look: String = row["look_key"]
                if groups.last?.look == look { groups[groups.count - 1].names.append(row["name"]) } else { groups.append((look, [row["name"]])) }
            }.map(\.names)
        }
    }

    /// Refuses a name an account has, or one that looks like an account's.
    private static func checkIsFree(_ name: String, in db: Database) throws {
        guard try db.fetchOne(Row.self, sql: "SELECT 1 FROM user WHERE name_key = ?", arguments: [Accounts.key(name)]) == nil else {
            throw StoreError.nameTaken(name)
        }
        if let other = try db.fetchOne(String.self, sql: "SELECT name FROM user WHERE look_key = ? LIMIT 1", arguments: [Accounts.look(name)]) {
            throw StoreError.nameLooksLike(name: name, other: other)
        }
    }

    package func profile(named name: String) async throws -> UserProfile {
        try await read { db in
            // A name typed with look-alike letters finds the account it looks like.
            guard
                let row = try db.fetchOne(
                    Row.self, sql: "SELECT name, joined_at FROM user WHERE name_key = ?", arguments: [Accounts.key(name)])
                    ?? db.fetchOne(
                        Row.self, sql: "SELECT name, joined_at FROM user WHERE look_key = ? ORDER BY id LIMIT 1",
                        arguments: [Accounts.look(name)])
            else { throw StoreError.unknownUser(name) }
            let joined: String? = row["joined_at"]
            return UserProfile(user: User(name: row["name"]), joinedAt: joined.flatMap(StoreDate.date))
        }
    }

    package func userNames() async throws -> [String] {
        try await read { db in try db.fetchAll(String.self, sql: "SELECT name FROM user ORDER BY name") }
    }

    static func user(named name: String, in db: Database) throws -> (id: Int64, user: User) {
        guard let row = try db.fetchOne(Row.self, sql: "SELECT id, name FROM user WHERE name_key = ?", arguments: [Accounts.key(name)]) else {
            throw StoreError.unknownUser(name)
        }
        return (row["id"], User(name: row["name"]))
    }

    // MARK: - Fixtures

    /// Loads a fixture in one transaction: all of it, or, on any problem, nothing.
    package func load(_ fixture: Fixture) async throws {
        try fixture.validate()
        // Hashing is slow on purpose; it happens before the write lock is taken.
        let hashes = try fixture.users.map { try hasher.hash($0.password) }
        let now = clock.now()
        try await write { db in
            func user(_ name: String, at place: String) throws -> (id: Int64, user: User) {
                do {
                    return try Self.user(named: name, in: db)
                } catch StoreError.unknownUser {
                    throw Fixture.unknownName(name, at: place)
                }
            }
            for (index, account) in fixture.users.enumerated() {
                let key = Accounts.key(account.name)
                guard try db.fetchOne(Row.self, sql: "SELECT 1 FROM user WHERE name_key = ?", arguments: [key]) == nil else {
                    throw Fixture.nameTaken(account.name, at: index)
                }
                try db.run(
                    sql: "INSERT INTO user (name, name_key, look_key, password_hash, joined_at) VALUES (?, ?, ?, ?, ?)",
                    arguments: [account.name, key, Accounts.look(account.name), hashes[index], StoreDate.text(now)])
            }
            for (index, post) in fixture.projects.enumerated() {
                let writerID = try user(post.writer, at: "projects[\(index)]").id
                _ = try Self.insertProject(
                    post.draft, searchText: ProjectQuery.searchText(title: post.draft.title, body: post.draft.body), writerID: writerID, isOpen: post.isOpen, createdAt: post.createdAt ?? now, in: db)
            }
            for (index, fixtureRoom) in fixture.rooms.enumerated() {
                let members = try fixtureRoom.members.map { try user($0, at: "rooms[\(index)]") }
                let roomID: Int64
                switch fixtureRoom.kind {
                case .direct:
                    roomID = Int64(try Self.directRoom(between: members[0], and: members[1], in: db).id)
                case .group:
                    try db.run(sql: "INSERT INTO room (kind) VALUES ('group')")
                    roomID = db.lastInsertedRowID
                    for member in members { try Self.admit(userID: member.id, roomID: roomID, in: db) }
                }
                for line in fixtureRoom.messages {
                    let sender = try user(line.sender, at: "rooms[\(index)]")
                    let message = try Self.insertMessage(
                        line.text, searchText: CaseFolding.search(line.text), roomID: roomID, senderID: sender.id, sender: sender.user, at: line.sentAt ?? now, in: db)
                    // A seed is history: whoever wrote a message had read the room up to it.
                    try db.run(sql: "UPDATE membership SET last_read_message_id = ? WHERE room_id = ? AND user_id = ?",
                        arguments: [message.id, roomID, sender.id])
                }
            }
        }
    }
}
