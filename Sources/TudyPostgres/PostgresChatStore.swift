import Foundation
import Logging
import PostgresNIO
import TudyKit

/// A `ChatStore` in a PostgreSQL database, which several `tudy serve` may share.
///
/// Every write is one transaction; membership and authorship are checked in the queries.
/// Message ids are taken under a lock held to commit, so they follow commit order and an
/// "after id" cursor never passes a message still being written. Changes reach every server
/// through `LISTEN` / `NOTIFY`, and each server reads what is new by key.
package final class PostgresChatStore: SeedableStore, LookAlikeListing {
    let client: PostgresClient
    private let running: Task<Void, Never>
    let clock: WallClock
    let hasher: any PasswordHasher
    /// Tries to log in as one name on this server, one at a time.
    private let logins = LoginLine()
    let logger: Logger
    let feed: PostgresChangeFeed

    private init(client: PostgresClient, running: Task<Void, Never>, clock: WallClock, hasher: any PasswordHasher, logger: Logger) {
        self.client = client
        self.running = running
        self.clock = clock
        self.hasher = hasher
        self.logger = logger
        feed = PostgresChangeFeed(client: client, logger: logger)
    }

    /// Connects to `url` (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`), brings the
    /// tables up to date and starts following changes.
    /// - Parameter password: used when the URL holds none (from `PGPASSWORD`, so that `ps`
    ///   does not show it).
    /// - Throws: `StorageError`.
    package static func open(
        url: String, password: String? = nil, clock: WallClock, hasher: any PasswordHasher,
        logger: Logger = Logger(label: "tudy.postgres"), startTimeout: Duration = .seconds(10)
    ) async throws -> PostgresChatStore {
        let configuration = try configuration(url, password: password)
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        let running = Task { await client.run() }
        let store = PostgresChatStore(client: client, running: running, clock: clock, hasher: hasher, logger: logger)
        let lastProblem = LastProblem()
        do {
            // The pool retries a refused connection for ever, and keeps why to itself: a
            // connection of its own says what the database answers, and a server that can not
            // start says so.
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await firstAnswer(configuration, logger: logger) { lastProblem.note($0) }
                    try await PostgresSchema.migrate(client, logger: logger)
                }
                group.addTask {
                    try await Task.sleep(for: startTimeout)
                    let last = lastProblem.said.map { ", last: \($0)" } ?? ""
                    throw StorageError.unreachable("no answer within \(startTimeout.components.seconds) s\(last)")
                }
                defer { group.cancelAll() }
                try await group.next()
            }
        } catch {
            running.cancel()
            throw error as? StorageError ?? StorageError.unreachable(Self.reason(error))
        }
        await store.feed.start()
        return store
    }

    /// Whether the database answers: now, then each time that changes.
    package func healthReports() async -> AsyncStream<StoreHealth> {
        await feed.healthReports()
    }

    /// The hash of each session's token as the session ends, by a logout on any server on
    /// this database: a server closes its connections of that session.
    package func endedSessions() async -> AsyncStream<String> {
        await feed.endedSessions()
    }

    /// Stops following changes and closes every connection.
    package func close() async {
        await feed.stop()
        running.cancel()
    }

    static func configuration(_ url: String, password: String? = nil) throws -> PostgresClient.Configuration {
        guard let parts = URLComponents(string: url), ["postgres", "postgresql"].contains(parts.scheme ?? ""),
            let host = parts.host, !host.isEmpty, let user = parts.user, !user.isEmpty
        else { throw StorageError.badURL(url) }
        let database = parts.path.hasPrefix("/") ? String(parts.path.dropFirst()) : parts.path
        var configuration = PostgresClient.Configuration(
            host: host, port: parts.port ?? 5432, username: user, password: parts.password ?? password,
            database: database.isEmpty ? nil : database, tls: .disable)
        configuration.options.connectTimeout = .seconds(5)
        // A connection back in the pool is not pinged while idle (keep-alive): the pool made a
        // task group and a timer for that each time one came back, for every statement, and
        // for closing one over the minimum once idle too; the two were a sixth of a busy
        // server's work. A connection that dies while idle is found when next used: the
        // request fails, and the client asks again (a send by its key). The four kept open
        // serve a busy server nearly all its statements, with no timer; more are opened as
        // needed and closed once idle.
        configuration.options.keepAliveBehavior = nil
        configuration.options.minimumConnections = 4
        // A prepared statement (a send, the feed's read of new messages) is planned once, when
        // it is first run, and that plan is kept for all values: planning them afresh for
        // each was half of what the database spent on a busy server. Each is written so that
        // its one plan reads by index even if the tables were nearly empty when it was made,
        // as they are in a new database (see `PostgresNamedMessagesStatement`). Statements
        // that are not prepared are planned for their values, as always.
        configuration.options.additionalStartupParameters = [("plan_cache_mode", "force_generic_plan")]
        return configuration
    }

    /// Waits until a connection of its own is let in: a login the database refuses is said at
    /// once, as PostgreSQL said it; any other problem is told to `noting` and tried again.
    private static func firstAnswer(
        _ configuration: PostgresClient.Configuration, logger: Logger, noting: @Sendable (String) -> Void
    ) async throws {
        let connecting = PostgresConnection.Configuration(
            host: configuration.host ?? "", port: configuration.port ?? 5432, username: configuration.username,
            password: configuration.password, database: configuration.database, tls: .disable)
        while true {
            do {
                let connection = try await PostgresConnection.connect(configuration: connecting, id: 0, logger: logger)
                try await connection.close()
                return
            } catch let error as PSQLError where error.code == .authMechanismRequiresPassword {
                throw StorageError.refused("it asks for a password, and none was given")
            } catch let error as PSQLError where error.serverInfo?[.sqlState]?.hasPrefix("28") == true {
                // Class 28, invalid authorization: waiting would not mend it.
                throw StorageError.refused(reason(error))
            } catch {
                noting(reason(error))
                try await Task.sleep(for: .milliseconds(200))
            }
        }
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? PSQLError {
            return error.serverInfo?[.message] ?? "\(error.code)"
        }
        return "\(error)"
    }

    /// Runs `body` in one transaction; store errors pass through, database errors say so.
    func transaction<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
        } catch let error as PostgresTransactionError {
            throw Self.translate(error.closureError ?? error.beginError ?? error.commitError ?? error)
        } catch {
            throw Self.translate(error)
        }
    }

    /// Runs `body` on a connection of its own, each statement committed on its own; store
    /// errors pass through, database errors say so.
    func connected<T: Sendable>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        do {
            return try await client.withConnection { connection in try await body(connection) }
        } catch {
            throw Self.translate(error)
        }
    }

    /// A store error as it is; a database's error as one line a person can act on.
    static func translate(_ error: any Error) -> any Error {
        switch error {
        case is StoreError, is StorageError:
            return error
        case let error as PSQLError where error.serverInfo?[.sqlState] == "23505":
            return StorageError.conflict
        default:
            return StorageError.unreachable(reason(error))
        }
    }

    // MARK: - Accounts

    package func signUp(name: String, password: String) async throws -> Session {
        let name = Accounts.normalized(name)
        try Accounts.check(name: name, password: password)
        let key = Accounts.key(name)
        let look = Accounts.look(name)
        try await transaction { try await Self.checkIsFree(name, on: $0) }
        // Hashing is slow on purpose; it happens outside any transaction.
        let hash = try await hasher.hashed(password)
        let now = clock.now()
        do {
            return try await transaction { connection in
                // Sign-ups of names that look alike take turns, so that only one is made.
                try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(look)))", logger: Self.quiet)
                try await Self.checkIsFree(name, on: connection)
                let id = try await Self.one(
                    Int.self,
                    """
                    INSERT INTO users (name, name_key, look_key, password_hash, joined_at)
                    VALUES (\(name), \(key), \(look), \(hash), \(now)) RETURNING id
                    """,
                    on: connection)
                return try await Self.openSession(userID: id ?? 0, user: User(name: name), now: now, on: connection)
            }
        } catch StorageError.conflict {
            throw StoreError.nameTaken(name)
        }
    }

    package func logIn(name: String, password: String) async throws -> Session {
        let now = clock.now()
        return try await logins.logIn(name: name, password: password, hasher: hasher) { key in
            // The throttle's decision and the record of this try are one transaction under a
            // lock on the name, so tries made at once on several servers can not all pass one.
            try await transaction { connection -> (account: String, passwordHash: String)? in
                try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\(key)))", logger: logger)
                try await connection.query(
                    "DELETE FROM login_failure WHERE last_failed_at < \(LoginThrottle.forgettingBefore(now))", logger: logger)
                var (failures, lastFailure): (Int, Date?) = (0, nil)
                for try await row in try await connection.query(
                    "SELECT count, last_failed_at FROM login_failure WHERE name_key = \(key)", logger: logger
                ).decode((Int, Date).self) {
                    (failures, lastFailure) = row
                }
                try LoginThrottle.admit(failures: failures, lastFailure: lastFailure, now: now)
                try await connection.query(
                    """
                    INSERT INTO login_failure (name_key, count, last_failed_at) VALUES (\(key), 1, \(now))
                    ON CONFLICT (name_key) DO UPDATE SET count = login_failure.count + 1, last_failed_at = excluded.last_failed_at
                    """, logger: logger)
                for try await (name, hash) in try await connection.query(
                    "SELECT name, password_hash FROM users WHERE name_key = \(key)", logger: logger
                ).decode((String, String).self) {
                    return (account: name, passwordHash: hash)
                }
                return nil
            }
        } succeeding: { key, name in
            try await transaction { connection in
                try await connection.query("DELETE FROM login_failure WHERE name_key = \(key)", logger: logger)
                let user = try await Self.user(named: name, on: connection)
                return try await Self.openSession(userID: user.id, user: user.user, now: now, on: connection)
            }
        }
    }

    package func resume(_ token: SessionToken) async throws -> Session {
        let now = clock.now()
        return try await transaction { Session(user: try await Self.signedIn(token, now: now, on: $0).user, token: token) }
    }

    package func logOut(_ session: Session) async throws {
        let now = clock.now()
        try await transaction { connection in
            // Expired sessions of anyone go too, so the table holds only live ones. Each one's
            // change streams end, on every server, when the commit is told.
            let ended = try await Self.all(
                String.self, "DELETE FROM session WHERE token_hash = \(session.token.hash) OR expires_at <= \(now) RETURNING token_hash",
                on: connection)
            for hash in ended {
                try await connection.query("SELECT pg_notify(\(PostgresChangeFeed.channel), \("s" + hash))", logger: Self.quiet)
            }
        }
    }

    package func lookAlikeAccounts() async throws -> [[String]] {
        try await transaction { connection in
            try await Self.all(
                [String].self,
                """
                SELECT array_agg(name ORDER BY id) FROM users WHERE look_key IS NOT NULL
                GROUP BY look_key HAVING COUNT(*) > 1 ORDER BY min(id)
                """, on: connection)
        }
    }

    /// Refuses a name an account has, or one that looks like an account's.
    private static func checkIsFree(_ name: String, on connection: PostgresConnection) async throws {
        guard try await userID(key: Accounts.key(name), on: connection) == nil else { throw StoreError.nameTaken(name) }
        if let other = try await one(String.self, "SELECT name FROM users WHERE look_key = \(Accounts.look(name)) LIMIT 1", on: connection) {
            throw StoreError.nameLooksLike(name: name, other: other)
        }
    }

    package func profile(named name: String) async throws -> UserProfile {
        try await transaction { connection in
            // A name typed with look-alike letters finds the account it looks like.
            for try await (stored, joinedAt, _) in try await connection.query(
                """
                SELECT name, joined_at, 0 AS rank FROM users WHERE name_key = \(Accounts.key(name))
                UNION ALL (SELECT name, joined_at, 1 FROM users WHERE look_key = \(Accounts.look(name)) ORDER BY id LIMIT 1)
                ORDER BY rank LIMIT 1
                """, logger: Self.quiet
            ).decode((String, Date?, Int32).self) {
                return UserProfile(user: User(name: stored), joinedAt: joinedAt)
            }
            throw StoreError.unknownUser(name)
        }
    }

    package func userNames() async throws -> [String] {
        try await transaction { try await Self.all(String.self, "SELECT name FROM users ORDER BY name", on: $0) }
    }

    /// How many seeded messages one statement inserts.
    static let seedBatch = 5_000

    static let quiet = Logger(label: "tudy.postgres.query", factory: { _ in SwiftLogNoOpLogHandler() })

    static func openSession(userID: Int, user: User, now: Date, on connection: PostgresConnection) async throws -> Session {
        let token = SessionToken.random()
        try await connection.query(
            "INSERT INTO session (token_hash, user_id, expires_at) VALUES (\(token.hash), \(userID), \(now.addingTimeInterval(SessionToken.lifetime)))",
            logger: quiet)
        return Session(user: user, token: token)
    }

    /// The user a token names. - Throws: `StoreError.sessionEnded` unless this store gave it and it is current.
    static func signedIn(_ token: SessionToken, now: Date, on connection: PostgresConnection) async throws -> (id: Int, user: User) {
        for try await (id, name) in try await connection.query(
            """
            SELECT users.id, users.name FROM session JOIN users ON users.id = session.user_id
            WHERE session.token_hash = \(token.hash) AND session.expires_at > \(now)
            """, logger: quiet
        ).decode((Int, String).self) {
            return (id, User(name: name))
        }
        throw StoreError.sessionEnded
    }

    static func userID(key: String, on connection: PostgresConnection) async throws -> Int? {
        try await one(Int.self, "SELECT id FROM users WHERE name_key = \(key)", on: connection)
    }

    static func user(named name: String, on connection: PostgresConnection) async throws -> (id: Int, user: User) {
        for try await (id, stored) in try await connection.query(
            "SELECT id, name FROM users WHERE name_key = \(Accounts.key(name))", logger: quiet
        ).decode((Int, String).self) {
            return (id, User(name: stored))
        }
        throw StoreError.unknownUser(name)
    }

    // MARK: - Reading rows

    static func one<T: PostgresDecodable & Sendable>(_ type: T.Type, _ query: PostgresQuery, on connection: PostgresConnection) async throws -> T? {
        for try await value in try await connection.query(query, logger: quiet).decode(T.self) { return value }
        return nil
    }

    static func all<T: PostgresDecodable & Sendable>(_ type: T.Type, _ query: PostgresQuery, on connection: PostgresConnection) async throws -> [T] {
        var values: [T] = []
        for try await value in try await connection.query(query, logger: quiet).decode(T.self) { values.append(value) }
        return values
    }
}

/// The last problem connecting to the database, kept for the line that says it could not start.
private final class LastProblem: @unchecked Sendable {
    private let lock = NSLock()
    private var last: String?

    func note(_ problem: String) { lock.withLock { last = problem } }

    var said: String? { lock.withLock { last } }
}
