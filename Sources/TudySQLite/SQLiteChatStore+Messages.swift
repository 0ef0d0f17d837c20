import Foundation
import GRDB
import TudyCore

// Reading a room's messages: pages, what came after, the first unread.
extension SQLiteChatStore {
    package func messages(in roomID: Int, for session: Session, before: Int?, limit: Int) async throws -> MessagePage {
        let now = clock.now()
        return try await read { db in
            try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            return try Self.messages(roomID: Int64(roomID), before: before, limit: limit, in: db)
        }
    }

    /// A page found by key on `(room_id, id)`: its cost does not grow with the room's history.
    static func messages(roomID: Int64, before: Int?, limit: Int, in db: Database) throws -> MessagePage {
        let rows = try messages(
            where: "message.room_id = ? AND message.id < ? ORDER BY message.id DESC LIMIT ?",
            arguments: [roomID, before ?? Int.max, limit + 1], in: db)
        return MessagePage(messages: rows.prefix(limit).reversed(), hasOlder: rows.count > limit)
    }

    /// Messages with their senders: `rest` follows the `WHERE` of a query on `tables` (which
    /// hold `message`) joined to the sender's `user`.
    static func messages(
        from tables: String = "message", where rest: String, arguments: StatementArguments, in db: Database
    ) throws -> [Message] {
        // A statement kept compiled by its text: compiling this one for every message sent
        // (a keyed send looks for the key first) was a tenth of a piped send's time.
        try db.fetchAll(Row.self, sql: """
                SELECT message.id, message.room_id, message.text, message.sent_at, message.status, message.kind, user.name AS sender,
                       quoted.id AS quoted_id, quoted.text AS quoted_text, quoted.status AS quoted_status, quoted_sender.name AS quoted_sender,
                       (SELECT group_concat(tally, char(10)) FROM (
                           SELECT emoji || char(9) || COUNT(*) || char(9) || MIN(id) AS tally FROM reaction
                           WHERE reaction.message_id = message.id GROUP BY emoji)) AS reactions
                FROM \(tables) JOIN user ON user.id = message.sender_id
                LEFT JOIN message AS quoted ON quoted.id = message.reply_to
                LEFT JOIN user AS quoted_sender ON quoted_sender.id = quoted.sender_id
                WHERE \(rest)
                """, arguments: arguments
        ).map(message(from:))
    }

    /// A message from a row of the columns `messages(where:arguments:in:)` selects.
    static func message(from row: Row) -> Message {
        Message(
            id: row["id"], roomID: row["room_id"], sender: User(name: row["sender"]), text: row["text"],
            sentAt: StoreDate.column(row, "sent_at"), status: Message.Status(rawValue: row["status"]) ?? .sent,
            kind: Message.Kind(rawValue: row["kind"]) ?? .text,
            replyTo: (row["quoted_id"] as Int?).map { id in
                Quote(
                    id: id, sender: User(name: row["quoted_sender"]), text: row["quoted_text"],
                    status: Message.Status(rawValue: row["quoted_status"]) ?? .sent)
            },
            reactions: reactions(from: row["reactions"]))
    }

    /// The reactions of a message from its `emoji TAB count TAB first id` lines, in the order
    /// each emoji was first set.
    private static func reactions(from tally: String?) -> [Reaction] {
        guard let tally else { return [] }
        return tally.split(separator: "\n").compactMap { line -> (Reaction, Int)? in
            let fields = line.split(separator: "\t")
            guard fields.count == 3, let count = Int(fields[1]), let first = Int(fields[2]) else { return nil }
            return (Reaction(emoji: String(fields[0]), count: count), first)
        }.sorted { $0.1 < $1.1 }.map(\.0)
    }

    package func messages(in roomID: Int, for session: Session, after: Int, limit: Int) async throws -> [Message] {
        let now = clock.now()
        return try await read { db in
            try Self.messages(in: roomID, after: after, limit: limit, for: session, now: now, in: db)
        }
    }

    package func messages(after: [Int: Int], for session: Session, limit: Int) async throws -> [Int: [Message]] {
        let now = clock.now()
        return try await read { db in
            var found: [Int: [Message]] = [:]
            for (roomID, after) in after.sorted(by: { $0.key < $1.key }) {
                found[roomID] = try Self.messages(in: roomID, after: after, limit: limit, for: session, now: now, in: db)
            }
            return found
        }
    }

    private static func messages(
        in roomID: Int, after: Int, limit: Int, for session: Session, now: Date, in db: Database
    ) throws -> [Message] {
        try requireMember(roomID: roomID, session: session, now: now, in: db)
        return try messages(
            where: "message.room_id = ? AND message.id > ? ORDER BY message.id LIMIT ?", arguments: [roomID, after, limit], in: db)
    }

    package func firstUnread(in roomID: Int, for session: Session) async throws -> Int? {
        let now = clock.now()
        return try await read { db in
            let userID = try Self.requireMember(roomID: roomID, session: session, now: now, in: db).id
            return try db.fetchOne(Int.self, sql: """
                    SELECT MIN(message.id) FROM message, membership
                    WHERE membership.room_id = ? AND membership.user_id = ?
                      AND message.room_id = membership.room_id AND message.id > membership.last_read_message_id
                      AND message.sender_id <> ? AND message.status <> 'deleted'
                      AND message.sender_id NOT IN (SELECT ignored_id FROM ignoring WHERE user_id = ?)
                    """, arguments: [roomID, userID, userID, userID])
        }
    }
}
