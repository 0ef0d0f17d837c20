import GRDB
import TudyCore

/// What was committed to a store between two cursors, read once for all of the store's
/// followers, whatever rooms they are in: new messages, messages changed since, rooms whose
/// members changed, and read marks moved, each read by key.
struct StoreNews: Sendable {
    /// Where the news ends.
    let through: StoreCursor
    /// New messages, by id.
    let messages: [Message]
    /// Messages edited or unsent, as they are now, each with the key of its last change. A
    /// message changed twice is here once.
    let changed: [(message: Message, change: Int)]
    /// Rooms whose members changed, as they are now, each with the key of its last change.
    let rooms: [(room: Room, change: Int)]
    /// Read marks moved, in the order they moved, each with its key.
    let reads: [(roomID: Int, reader: User, upTo: Int, change: Int)]
    /// Sessions that ended, by the hash of their token, each with the key of its end.
    let endedSessions: [String: Int]

    /// The news past `cursor` in the snapshot `db` reads.
    static func read(after cursor: StoreCursor, in db: Database) throws -> StoreNews {
        let newest = try StoreCursor.newest(in: db)
        var messages: [Message] = []
        if newest.message > cursor.message {
            messages = try SQLiteChatStore.messages(
                where: "message.id > ? AND message.id <= ? ORDER BY message.id", arguments: [cursor.message, newest.message],
                in: db)
        }
        var changed: [(message: Message, change: Int)] = []
        if newest.messageChange > cursor.messageChange {
            let lastChange = try lastKeys(of: "message_id", in: "message_change", after: cursor.messageChange, through: newest.messageChange, db)
            changed = try SQLiteChatStore.messages(
                where: """
                    message.id IN (SELECT message_id FROM message_change WHERE id > ? AND id <= ?) ORDER BY message.id
                    """,
                arguments: [cursor.messageChange, newest.messageChange], in: db
            ).map { ($0, lastChange[$0.id] ?? newest.messageChange) }
        }
        var rooms: [(room: Room, change: Int)] = []
        if newest.roomChange > cursor.roomChange {
            let lastChange = try lastKeys(of: "room_id", in: "room_change", after: cursor.roomChange, through: newest.roomChange, db)
            rooms = try lastChange.keys.sorted().map { (try SQLiteChatStore.room(id: Int64($0), in: db), lastChange[$0] ?? 0) }
        }
        var reads: [(roomID: Int, reader: User, upTo: Int, change: Int)] = []
        if newest.readChange > cursor.readChange {
            reads = try db.fetchAll(
                Row.self,
                sql: """
                    SELECT read_change.id, read_change.room_id, read_change.up_to, user.name
                    FROM read_change JOIN user ON user.id = read_change.user_id
                    WHERE read_change.id > ? AND read_change.id <= ? ORDER BY read_change.id
                    """, arguments: [cursor.readChange, newest.readChange]
            ).map { ($0["room_id"], User(name: $0["name"]), $0["up_to"], $0["id"]) }
        }
        var endedSessions: [String: Int] = [:]
        if newest.sessionEnd > cursor.sessionEnd {
            for row in try db.fetchAll(
                Row.self, sql: "SELECT token_hash, MAX(id) AS last FROM session_end WHERE id > ? AND id <= ? GROUP BY token_hash",
                arguments: [cursor.sessionEnd, newest.sessionEnd])
            {
                endedSessions[row["token_hash"]] = row["last"]
            }
        }
        return StoreNews(through: newest, messages: messages, changed: changed, rooms: rooms, reads: reads, endedSessions: endedSessions)
    }

    /// For each value of `column` in the rows of a change table between two keys, its last key.
    private static func lastKeys(of column: String, in table: String, after: Int, through: Int, _ db: Database) throws -> [Int: Int] {
        let rows = try db.fetchAll(
            Row.self, sql: "SELECT \(column) AS subject, MAX(id) AS last FROM \(table) WHERE id > ? AND id <= ? GROUP BY \(column)",
            arguments: [after, through])
        return Dictionary(uniqueKeysWithValues: rows.map { (($0["subject"] as Int), ($0["last"] as Int)) })
    }
}
