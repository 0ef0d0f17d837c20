import Foundation
import GRDB
import GRDBSQLite
import TudyKit

/// Follows one user's changes in a store file, whoever commits them.
///
/// SQLite tells no connection of another's commits, but `PRAGMA data_version` on a
/// connection of the watcher's own changes whenever any other connection, in this process
/// or another, has committed. A thread of the watcher's own looks at it when the store's
/// write-ahead log is written (inotify), and every 50 ms in any case; only when it changed is
/// anything read, and then by key: the messages whose ids lie past
/// the last one seen, the messages changed since (by the key of `message_change`), and the
/// user's rooms. Both keys are given out under SQLite's one write lock, so their order is
/// the order of the commits and a cursor on them skips nothing.
enum StoreWatcher {
    /// The longest the watcher waits between looks when nothing wakes it: 50 ms.
    static let fallbackMilliseconds: Int32 = 50

    /// What the watcher knows after a look.
    struct Snapshot: Sendable {
        var lastMessageID: Int
        var lastChangeID: Int
        var rooms: [Int: Room]
    }

    /// The stream of `user`'s changes in the file at `path` from now on, until the stream is
    /// dropped or `watchers` are stopped.
    static func changes(path: String, user: User, watchers: StoreWatchers) async throws -> AsyncStream<StoreChange> {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(StoreFile.busyTimeout)
        let connection = try DatabaseQueue(path: path, configuration: configuration)
        // The version is read before the snapshot: a commit in between is then seen twice
        // (one empty look), never missed.
        let probe = try VersionProbe(path: path)
        let firstVersion = try probe.read()
        let start = try await connection.read { db in
            Snapshot(
                lastMessageID: try lastID(of: "message", db), lastChangeID: try lastID(of: "message_change", db),
                rooms: try rooms(of: user, in: db))
        }
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self, bufferingPolicy: .unbounded)
        let stop = watchers.start()
        // A thread of its own that sleeps between looks: a look at an idle store is one
        // prepared statement, with no transaction and no task to schedule, so waiting costs
        // next to nothing.
        let signal = WriteAheadLogSignal(storePath: path)
        let thread = Thread {
            defer {
                signal.stop()
                try? connection.close()
                probe.close()
                continuation.finish()
                watchers.ended(stop)
            }
            var known = start
            var lastVersion = firstVersion
            while true {
                signal.wait(milliseconds: fallbackMilliseconds)
                if stop.isTold { return }
                do {
                    let version = try probe.read()
                    guard version != lastVersion else { continue }
                    signal.seen()
                    lastVersion = version
                    let (changes, next) = try connection.read { db in try look(db, after: known, for: user) }
                    known = next
                    changes.forEach { continuation.yield($0) }
                } catch {
                    // The file went away or broke: the stream ends, and the session says no more.
                    return
                }
            }
        }
        thread.name = "tudy.store-watcher"
        thread.start()
        continuation.onTermination = { _ in stop.set() }
        return stream
    }

    /// `PRAGMA data_version` on a plain SQLite connection with its statement kept prepared:
    /// the cheapest look there is, a few microseconds.
    private final class VersionProbe: @unchecked Sendable {
        private var connection: OpaquePointer?
        private var statement: OpaquePointer?

        init(path: String) throws {
            guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READONLY, nil) == SQLITE_OK,
                sqlite3_prepare_v2(connection, "PRAGMA data_version", -1, &statement, nil) == SQLITE_OK
            else {
                let reason = connection.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
                sqlite3_close(connection)
                throw StoreFileError.unreadable(path: path, reason: reason)
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
                throw StoreFileError.unreadable(path: "", reason: String(cString: sqlite3_errmsg(connection)))
            }
            return Int(sqlite3_column_int64(statement, 0))
        }
    }

    /// What changed since `known`: rooms joined and left, members, new messages by key, then
    /// messages edited or deleted, by the key of their change.
    static func look(_ db: Database, after known: Snapshot, for user: User) throws -> ([StoreChange], Snapshot) {
        let newest = try lastID(of: "message", db)
        let newestChange = try lastID(of: "message_change", db)
        let rooms = try rooms(of: user, in: db)
        var changes: [StoreChange] = []
        for id in Set(known.rooms.keys).union(rooms.keys).sorted() {
            if let change = StoreChange.membership(before: known.rooms[id], after: rooms[id], viewer: user) {
                changes.append(change)
            }
        }
        let inUsersRooms = """
            message.room_id IN (
                SELECT membership.room_id FROM membership JOIN user ON user.id = membership.user_id
                WHERE user.name = ? AND membership.is_member)
            """
        if newest > known.lastMessageID {
            changes += try SQLiteChatStore.messages(
                where: "message.id > ? AND message.id <= ? AND \(inUsersRooms) ORDER BY message.id",
                arguments: [known.lastMessageID, newest, user.name], in: db
            ).map(StoreChange.message)
        }
        if newestChange > known.lastChangeID {
            // A message changed twice since the last look is told once, as it is now.
            changes += try SQLiteChatStore.messages(
                where: """
                    message.id IN (SELECT message_id FROM message_change WHERE id > ? AND id <= ?) AND \(inUsersRooms)
                    ORDER BY message.id
                    """,
                arguments: [known.lastChangeID, newestChange, user.name], in: db
            ).map(StoreChange.messageChanged)
        }
        return (changes, Snapshot(lastMessageID: newest, lastChangeID: newestChange, rooms: rooms))
    }

    private static func lastID(of table: String, _ db: Database) throws -> Int {
        try db.fetchOne(Int.self, sql: "SELECT MAX(id) FROM \(table)") ?? 0
    }

    private static func rooms(of user: User, in db: Database) throws -> [Int: Room] {
        let ids = try db.fetchAll(Int64.self, sql: """
                SELECT membership.room_id FROM membership JOIN user ON user.id = membership.user_id
                WHERE user.name = ? AND membership.is_member
                """, arguments: [user.name])
        return try Dictionary(uniqueKeysWithValues: ids.map { (Int($0), try SQLiteChatStore.room(id: $0, in: db)) })
    }
}
