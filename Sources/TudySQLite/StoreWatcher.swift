import Foundation
import GRDB
import TudyKit

/// Follows one user's changes in a store file, whoever commits them.
///
/// SQLite tells no connection of another's commits, but `PRAGMA data_version` on a
/// connection of the watcher's own changes whenever any other connection, in this
/// process or another, has committed. It is polled every 25 ms; only when it changed is
/// anything read, and then by key: the messages whose ids lie past the last one seen, and
/// the user's rooms. Message ids are given out under SQLite's one write lock, so their
/// order is the order of the commits and a cursor on them skips nothing.
enum StoreWatcher {
    static let interval: Duration = .milliseconds(25)

    /// What the watcher knows after a look.
    struct Snapshot: Sendable {
        var dataVersion: Int
        var lastMessageID: Int
        var rooms: [Int: Room]
    }

    /// The stream of `user`'s changes in the file at `path` from now on.
    static func changes(path: String, user: User) async throws -> AsyncStream<StoreChange> {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(StoreFile.busyTimeout)
        let connection = try DatabaseQueue(path: path, configuration: configuration)
        let start = try await connection.read { db in
            Snapshot(
                dataVersion: try dataVersion(db), lastMessageID: try lastMessageID(db),
                rooms: try rooms(of: user, in: db))
        }
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self, bufferingPolicy: .unbounded)
        let task = Task.detached {
            var known = start
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                do {
                    let before = known
                    let (changes, next) = try await connection.read { db in try look(db, after: before, for: user) }
                    known = next
                    changes.forEach { continuation.yield($0) }
                } catch {
                    // The file went away or broke: the stream ends, and the session says no more.
                    continuation.finish()
                    return
                }
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// What changed since `known`, if anything was committed since.
    static func look(_ db: Database, after known: Snapshot, for user: User) throws -> ([StoreChange], Snapshot) {
        let version = try dataVersion(db)
        guard version != known.dataVersion else { return ([], known) }
        let newest = try lastMessageID(db)
        let rooms = try rooms(of: user, in: db)
        var changes: [StoreChange] = []
        for id in Set(known.rooms.keys).union(rooms.keys).sorted() {
            if let change = StoreChange.membership(before: known.rooms[id], after: rooms[id], viewer: user) {
                changes.append(change)
            }
        }
        if newest > known.lastMessageID {
            let rows = try db.fetchAll(Row.self, sql: """
                    SELECT message.id, message.room_id, message.text, message.sent_at, user.name AS sender
                    FROM message JOIN user ON user.id = message.sender_id
                    WHERE message.id > ? AND message.id <= ? AND message.room_id IN (
                        SELECT membership.room_id FROM membership JOIN user ON user.id = membership.user_id
                        WHERE user.name = ? AND membership.is_member)
                    ORDER BY message.id
                    """, arguments: [known.lastMessageID, newest, user.name])
            changes += rows.map { .message(SQLiteChatStore.message(from: $0, roomID: $0["room_id"])) }
        }
        return (changes, Snapshot(dataVersion: version, lastMessageID: newest, rooms: rooms))
    }

    private static func dataVersion(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }

    private static func lastMessageID(_ db: Database) throws -> Int {
        try db.fetchOne(Int.self, sql: "SELECT MAX(id) FROM message") ?? 0
    }

    private static func rooms(of user: User, in db: Database) throws -> [Int: Room] {
        let ids = try db.fetchAll(Int64.self, sql: """
                SELECT membership.room_id FROM membership JOIN user ON user.id = membership.user_id
                WHERE user.name = ? AND membership.is_member
                """, arguments: [user.name])
        return try Dictionary(uniqueKeysWithValues: ids.map { (Int($0), try SQLiteChatStore.room(id: $0, in: db)) })
    }
}
