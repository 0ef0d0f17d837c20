import Foundation
import GRDB
import Testing

@testable import TudySQLite

/// The SQLite store's writer: writes that wait while one commits are committed together, and
/// none is told it was made unless the commit holding it was.
@Suite("Store writer")
struct StoreWriterTests {
    private struct Refused: Error, Equatable {}

    /// Counts the commits made on the writer's connection.
    private final class CommitCount: TransactionObserver, @unchecked Sendable {
        private let count = Locked(0)
        var value: Int { count.value }
        func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
        func databaseDidChange(with event: DatabaseEvent) {}
        func databaseDidCommit(_ db: Database) { count.mutate { $0 += 1 } }
        func databaseDidRollback(_ db: Database) {}
    }

    /// A writer on a new file with a table `kept (x)`, and the count of its commits from now on.
    private func newWriter() async throws -> (StoreWriter, DatabaseQueue, CommitCount) {
        let path = try TemporaryDirectory.make().appendingPathComponent("writer.sqlite").path
        let database = try DatabaseQueue(path: path)
        let writer = StoreWriter(database)
        let commits = CommitCount()
        try await writer.write { db in
            try db.execute(sql: "CREATE TABLE kept (x INTEGER)")
            db.add(transactionObserver: commits, extent: .databaseLifetime)
        }
        return (writer, database, commits)
    }

    private struct Waited: Error, CustomStringConvertible {
        let description: String
    }

    /// Makes each write of `bodies` while the writer's thread is held by a write of its own,
    /// each come to the writer in the order given, and then lets the writer go: they commit
    /// as one group. Returns what each was told, in that order.
    private func writeTogether(
        _ writer: StoreWriter, _ bodies: [@Sendable (Database) throws -> Int]
    ) async throws -> [Result<Int, any Error>] {
        let (started, released) = (Locked(false), Locked(false))
        let holding = Task {
            try await writer.write { db in
                started.value = true
                try db.execute(sql: "INSERT INTO kept VALUES (0)")
                while !released.value { Thread.sleep(forTimeInterval: 0.001) }
            }
        }
        try await waitFor("the holding write to run") { started.value }
        var writes: [Task<Int, any Error>] = []
        for body in bodies {
            writes.append(Task { try await writer.write(body) })
            try await waitFor("\(writes.count) writes waiting") { writer.waitingCount == writes.count }
        }
        released.value = true
        try await holding.value
        var outcomes: [Result<Int, any Error>] = []
        for write in writes { outcomes.append(await write.result) }
        return outcomes
    }

    private func waitFor(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !condition() {
            guard ContinuousClock.now < deadline else { throw Waited(description: "waited 30 s for \(what)") }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    /// A write that keeps `value` and gives it back.
    private func keeping(_ value: Int) -> @Sendable (Database) throws -> Int {
        { db in
            try db.execute(sql: "INSERT INTO kept VALUES (?)", arguments: [value])
            return value
        }
    }

    private func kept(in database: DatabaseQueue) async throws -> [Int] {
        try await database.read { db in try Int.fetchAll(db, sql: "SELECT x FROM kept ORDER BY x") }
    }

    @Test("writes that come while one commits are committed together; the one that fails is undone alone and told why")
    func groupWithAFailure() async throws {
        let (writer, database, commits) = try await newWriter()
        let before = commits.value
        let outcomes = try await writeTogether(writer, [
            keeping(1),
            { db in
                try db.execute(sql: "INSERT INTO kept VALUES (2)")
                throw Refused()
            },
            keeping(3),
        ])
        #expect(try outcomes[0].get() == 1)
        #expect(throws: Refused.self, "the write that threw is told why") { try outcomes[1].get() }
        #expect(try outcomes[2].get() == 3)
        #expect(try await kept(in: database) == [0, 1, 3])
        #expect(commits.value - before == 2, "the held write's commit, then one for the three that waited")
    }

    @Test("a write that ends the whole transaction, as SQLite does for a full disk: none of its group is told it was made, and none is kept")
    func groupUndoneWhole() async throws {
        let (writer, database, _) = try await newWriter()
        let outcomes = try await writeTogether(writer, [
            keeping(1),
            { db in
                try db.execute(sql: "INSERT INTO kept VALUES (2)")
                try db.execute(sql: "ROLLBACK")
                throw Refused()
            },
            keeping(3),
        ])
        #expect(outcomes.allSatisfy { (try? $0.get()) == nil }, "every write of the group failed: \(outcomes)")
        #expect(try await kept(in: database) == [0])
        // And the writer goes on.
        _ = try await writer.write { db in try db.execute(sql: "INSERT INTO kept VALUES (4)") }
        #expect(try await kept(in: database) == [0, 4])
    }
}
