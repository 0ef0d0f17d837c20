import Foundation
import Logging
import PostgresNIO
import Testing
@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
import TudyPostgres

/// The PostgreSQL cluster `scripts/test` starts for the tests (`scripts/postgres-cluster`),
/// named by `TUDY_TEST_POSTGRES`; each store gets a database of its own.
enum PostgresTestCluster {
    struct NotStarted: Error, CustomStringConvertible {
        var description: String {
            "TUDY_TEST_POSTGRES is not set: run scripts/test, which starts a PostgreSQL cluster of its own for the tests"
        }
    }

    /// The cluster's administrative URL.
    static func url() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["TUDY_TEST_POSTGRES"], !url.isEmpty else { throw NotStarted() }
        return url
    }

    /// What the names of this run's databases begin with: the process's id.
    private static let runPrefix = "tudy_\(ProcessInfo.processInfo.processIdentifier)_"

    /// Drops the databases of earlier runs, once a run, before its first database is made: a
    /// cluster kept for several runs by hand grows by dozens of databases a run, and slows
    /// until its tests time out (`scripts/test` starts a new cluster each time).
    private static let earlierRunsDropped = Task {
        let names = try await strings(
            "SELECT datname FROM pg_database WHERE datname LIKE 'tudy\\_%' AND datname NOT LIKE '\(runPrefix)%'")
        for name in names { try await administer("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
    }

    /// The URL of a new, empty database on the cluster.
    static func newDatabase() async throws -> String {
        try await earlierRunsDropped.value
        let name = runPrefix + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await administer("CREATE DATABASE \(name)")
        var parts = try #require(URLComponents(string: try url()))
        parts.path = "/" + name
        return try #require(parts.string)
    }

    /// The password of the one role the test cluster asks for one (scripts/postgres-cluster).
    static let rolePassword = "right-password"

    /// The URL of a new, empty database owned by the one role the test cluster asks for a
    /// password (`rolePassword`); the URL holds none.
    static func newDatabaseWithPassword() async throws -> String {
        let url = try await newDatabase()
        var parts = try #require(URLComponents(string: url))
        let database = String(parts.path.dropFirst())
        try await administer("""
            DO $$ BEGIN CREATE ROLE tudy_password_test LOGIN PASSWORD '\(rolePassword)';
            EXCEPTION WHEN duplicate_object THEN NULL; END $$
            """)
        try await administer("ALTER DATABASE \(database) OWNER TO tudy_password_test")
        parts.user = "tudy_password_test"
        return try #require(parts.string)
    }

    /// Runs `sql` on the cluster's administrative database (never one a store uses), or on the
    /// database at `database`.
    static func administer(_ sql: String, in database: String? = nil) async throws {
        try await withClient(for: database) { client in
            _ = try await client.query(PostgresQuery(unsafeSQL: sql))
        }
    }

    /// The first column, as text, of each row `sql` gives on the cluster's administrative
    /// database, or on the database at `database`.
    static func strings(_ sql: String, in database: String? = nil) async throws -> [String] {
        try await withClient(for: database) { client in
            var values: [String] = []
            for try await value in try await client.query(PostgresQuery(unsafeSQL: sql)).decode(String.self) { values.append(value) }
            return values
        }
    }

    /// The plan PostgreSQL keeps for all values of `statement` (the one a connection runs it
    /// with, `plan_cache_mode` being `force_generic_plan`), made now in the database at `url`
    /// and shown for `arguments` (SQL, one per parameter): its lines, as EXPLAIN gives them.
    static func keptPlan<Statement: PostgresPreparedStatement>(
        of statement: Statement.Type, arguments: String, in url: String
    ) async throws -> [String] {
        let types = Statement.bindingDataTypes.map { $0.knownSQLName ?? "TEXT" }.joined(separator: ", ")
        return try await withClient(for: url) { client in
            try await client.withConnection { connection in
                for sql in ["SET plan_cache_mode = force_generic_plan", "PREPARE kept (\(types)) AS \(Statement.sql)"] {
                    _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: connection.logger)
                }
                var lines: [String] = []
                let rows = try await connection.query(PostgresQuery(unsafeSQL: "EXPLAIN EXECUTE kept (\(arguments))"), logger: connection.logger)
                for try await line in rows.decode(String.self) { lines.append(line) }
                return lines
            }
        }
    }

    private static func withClient<Result: Sendable>(
        for database: String?, _ body: @Sendable (PostgresClient) async throws -> Result
    ) async throws -> Result {
        let parts = try #require(URLComponents(string: try database ?? url()))
        var configuration = PostgresClient.Configuration(
            host: parts.host ?? "127.0.0.1", port: parts.port ?? 5432, username: parts.user ?? "postgres",
            password: parts.password, database: String(parts.path.dropFirst()), tls: .disable)
        configuration.options.maximumConnections = 1
        let client = PostgresClient(configuration: configuration)
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask {
                await client.run()
                return nil
            }
            let result = try await body(client)
            group.cancelAll()
            return result
        }
    }

    /// Makes the database at `url` refuse every connection and ends those it has, as if its
    /// server were gone; `false` lets connections in again.
    static func cutOff(_ url: String, _ isCut: Bool = true) async throws {
        let name = String(try #require(URLComponents(string: url)).path.dropFirst())
        try await administer("ALTER DATABASE \(name) ALLOW_CONNECTIONS \(!isCut)")
        if isCut { try await administer("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)'") }
    }

    /// A store in a new database, on `clock`.
    static func newStore(clock: WallClock) async throws -> PostgresChatStore {
        try await store(at: try await newDatabase(), clock: clock)
    }

    /// A store in the database at `url`, on `clock` (the wall clock if none is given), closed
    /// when the test ends in a suite that has `.closingStores`.
    static func store(at url: String, clock: WallClock = WallClock { Date() }) async throws -> PostgresChatStore {
        var logger = Logger(label: "tudy.test-postgres")
        logger.logLevel = .critical
        // The cluster is known to be up: its time to answer is for a run of every test at once
        // on a small machine (10 s, the default, ran out once in six such runs), not for
        // telling that nothing listens.
        let store = try await PostgresChatStore.open(
            url: url, clock: clock, hasher: Argon2idPasswordHasher(cost: .testing), logger: logger, startTimeout: .seconds(60))
        OpenedStores.ofThisTest?.add(store)
        return store
    }
}
