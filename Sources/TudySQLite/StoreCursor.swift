import GRDB

/// How far a follower of a store has been told: the last message, message change, room
/// change, read mark moved and session end. Each of the keys is given out under SQLite's one write lock, so their order
/// is the order of the commits and a cursor on them skips nothing.
struct StoreCursor: Equatable, Sendable {
    var message: Int
    var messageChange: Int
    var roomChange: Int
    var readChange: Int
    var sessionEnd: Int

    /// The newest of each key in the snapshot `db` reads.
    static func newest(in db: Database) throws -> StoreCursor {
        StoreCursor(
            message: try lastID(of: "message", db), messageChange: try lastID(of: "message_change", db),
            roomChange: try lastID(of: "room_change", db), readChange: try lastID(of: "read_change", db),
            sessionEnd: try lastID(of: "session_end", db))
    }

    /// The later of two cursors, key by key.
    func latest(_ other: StoreCursor) -> StoreCursor {
        StoreCursor(
            message: max(message, other.message), messageChange: max(messageChange, other.messageChange),
            roomChange: max(roomChange, other.roomChange), readChange: max(readChange, other.readChange),
            sessionEnd: max(sessionEnd, other.sessionEnd))
    }

    /// The earlier of two cursors, key by key: where a read for both must start.
    func earliest(_ other: StoreCursor) -> StoreCursor {
        StoreCursor(
            message: min(message, other.message), messageChange: min(messageChange, other.messageChange),
            roomChange: min(roomChange, other.roomChange), readChange: min(readChange, other.readChange),
            sessionEnd: min(sessionEnd, other.sessionEnd))
    }

    private static func lastID(of table: String, _ db: Database) throws -> Int {
        try db.fetchOne(Int.self, sql: "SELECT MAX(id) FROM \(table)") ?? 0
    }
}
