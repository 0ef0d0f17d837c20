import GRDBSQLite
import TudyCore

/// `PRAGMA data_version` on a plain SQLite connection with its statement kept prepared: the
/// cheapest look there is (a few microseconds) at whether any other connection, in this
/// process or another, has committed to the file since the last look.
final class DataVersionProbe: @unchecked Sendable {
    private var connection: OpaquePointer?
    private var statement: OpaquePointer?

    init(path: String) throws {
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY, nil) == SQLITE_OK,
            sqlite3_prepare_v2(connection, "PRAGMA data_version", -1, &statement, nil) == SQLITE_OK
        else {
            let reason = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(connection)
            throw StorageError.unreadable(path: path, reason: reason)
        }
    }

    deinit { close() }

    func close() {
        sqlite3_finalize(statement)
        sqlite3_close(connection)
        statement = nil
        connection = nil
    }

    func read() throws -> Int {
        defer { sqlite3_reset(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else {
            throw StorageError.unreadable(path: "", reason: String(cString: sqlite3_errmsg(connection)))
        }
        return Int(sqlite3_column_int64(statement, 0))
    }
}
