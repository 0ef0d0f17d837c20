import GRDB
import GRDBSQLite
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudySQLite

// The statements a store keeps compiled stay compiled: a session's one connection both reads and
// writes, and a read that made SQLite expire them (as `PRAGMA query_only` does, which GRDB's
// read-only mode sets around each read) made the next use of each compile it again.
extension SQLiteStoreTests {
    /// How often SQLite compiled the kept statement `sql` again, after running it once more.
    private func recompilations(of sql: String, in store: SQLiteChatStore) async throws -> Int32 {
        try await store.write { db in
            let statement = try db.cachedStatement(sql: sql)
            _ = try Int.fetchOne(statement)
            return sqlite3_stmt_status(statement.sqliteStatement, SQLITE_STMTSTATUS_REPREPARE, 0)
        }
    }

    @Test(
        "a store's reads leave the statements it keeps compiled as they are, a session's one connection too",
        arguments: [SQLiteChatStore.Access.session, .server])
    func readsKeepStatements(access: SQLiteChatStore.Access) async throws {
        let store = try open(try newPath(), access: access)
        let (room, alice, bob) = try await aliceAndBob(in: store)
        let kept = "SELECT COUNT(*) FROM message"
        #expect(try await recompilations(of: kept, in: store) == 0)
        for n in 1...3 {
            _ = try await store.send("message \(n)", to: room.id, from: n % 2 == 0 ? alice : bob)
            _ = try await store.rooms(of: alice)
            _ = try await store.messages(in: room.id, for: alice, before: nil, limit: 20)
            #expect(try await recompilations(of: kept, in: store) == 0, "after read \(n)")
        }
    }
}
