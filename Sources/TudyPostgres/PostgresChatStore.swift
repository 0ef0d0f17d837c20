import Foundation
import Logging
import PostgresNIO
import TudyCore

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
    let logins = LoginLine()
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
                    // Listening before the store is handed out: a change it makes then is heard.
                    await store.feed.start()
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
            await store.feed.stop()
            running.cancel()
            throw error as? StorageError ?? StorageError.unreachable(Self.reason(error))
        }
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
