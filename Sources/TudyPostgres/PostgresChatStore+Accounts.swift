import Foundation
import Logging
import PostgresNIO
import TudyCore

// Accounts and sessions: signing up and in, looks, profiles, and the session of each request.
extension PostgresChatStore {
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
}
