import Foundation
import Logging
import PostgresNIO
import Testing
import TudyKit
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

    /// The URL of a new, empty database on the cluster.
    static func newDatabase() async throws -> String {
        let admin = try url()
        let name = "tudy_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        var parts = try #require(URLComponents(string: admin))
        var configuration = PostgresClient.Configuration(
            host: parts.host ?? "127.0.0.1", port: parts.port ?? 5432, username: parts.user ?? "postgres",
            password: parts.password, database: String(parts.path.dropFirst()), tls: .disable)
        configuration.options.maximumConnections = 1
        let client = PostgresClient(configuration: configuration)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            try await client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"))
            group.cancelAll()
        }
        parts.path = "/" + name
        return try #require(parts.string)
    }

    /// A store in a new database, on `clock`.
    static func newStore(clock: WallClock) async throws -> PostgresChatStore {
        var logger = Logger(label: "tudy.test-postgres")
        logger.logLevel = .critical
        return try await PostgresChatStore.open(
            url: try await newDatabase(), clock: clock, hasher: Argon2idPasswordHasher(cost: .testing), logger: logger)
    }
}
