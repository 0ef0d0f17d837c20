import Foundation
import GRDB
import TudyCore

// The change stream, and the changes of a message after it is sent: edits, unsends, reactions.
extension SQLiteChatStore {
    package func changes(for session: Session) async throws -> AsyncStream<StoreChange> {
        let now = clock.now()
        let follower = try await read { db in
            try StoreFollower.starting(now: try Self.signedIn(session.token, now: now, in: db).user, session: session, in: db)
        }
        return try feed.follow(follower)
    }

    nonisolated(nonsending) package func send(_ outgoing: OutgoingMessage, to roomID: Int, from session: Session) async throws -> Message {
        try await send([outgoing], to: roomID, from: session)[0]
    }

    nonisolated(nonsending) package func send(_ outgoings: [OutgoingMessage], to roomID: Int, from session: Session) async throws -> [Message] {
        let now = clock.now()
        // Folded before the write begins: every other writer waits while one is open.
        let searchTexts = outgoings.map { CaseFolding.search($0.text) }
        return try await write { db in
            let sender = try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            return try zip(outgoings, searchTexts).map { outgoing, searchText in
                // A retry finds its first send's message; a new key (nearly every send) finds
                // nothing by the index alone, without the message's whole row and joins.
                if let key = outgoing.key, let kept = try db.fetchOne(
                    Row.self, sql: "SELECT id, room_id FROM message WHERE sender_id = ? AND client_key = ?", arguments: [sender.id, key]
                ) {
                    // Never a message of another room, which the sender may have left since.
                    guard kept["room_id"] as Int64 == Int64(roomID) else { throw StoreError.sendKeyReused(roomID: roomID) }
                    return try Self.messages(where: "message.id = ?", arguments: [kept["id"] as Int64], in: db)[0]
                }
                // A message is never moved or removed: found in the room now, it is there
                // when the reply is written.
                let quote = try outgoing.replyTo.map { id in
                    guard let quoted = try Self.messages(where: "message.room_id = ? AND message.id = ?", arguments: [roomID, id], in: db).first
                    else { throw StoreError.noSuchMessage(id) }
                    return Quote(quoted)
                }
                return try Self.insertMessage(
                    outgoing.text, searchText: searchText, kind: outgoing.kind, replyTo: quote, roomID: Int64(roomID), senderID: sender.id,
                    sender: sender.user, at: now, key: outgoing.key, in: db)
            }
        }
    }

    /// - Parameter searchText: `CaseFolding.search(text)`, worked out before the transaction.
    static func insertMessage(
        _ text: String, searchText: String, kind: Message.Kind = .text, replyTo quote: Quote? = nil, roomID: Int64, senderID: Int64, sender: User,
        at date: Date, key: String? = nil, in db: Database
    ) throws -> Message {
        try db.run(
            sql: """
                INSERT INTO message (room_id, sender_id, text, sent_at, client_key, search_text, kind, reply_to)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [roomID, senderID, text, StoreDate.text(date), key, searchText, kind.rawValue, quote?.id])
        let id = db.lastInsertedRowID
        // Sending reads nothing: what others wrote before stays unread until it is shown.
        return Message(id: Int(id), roomID: Int(roomID), sender: sender, text: text, sentAt: date, kind: kind, replyTo: quote)
    }

    package func edit(_ pick: MessagePick, in roomID: Int, to text: String, by session: Session) async throws -> Message {
        try Message.check(text)
        let searchText = CaseFolding.search(text)
        return try await change(pick, in: roomID, by: session) { db, message in
            try db.run(
                sql: "UPDATE message SET text = ?, search_text = ?, status = 'edited' WHERE id = ?",
                arguments: [text, searchText, message.id])
            return message.edited(to: text)
        }
    }

    package func unsend(_ pick: MessagePick, in roomID: Int, by session: Session) async throws -> Message {
        let deleted = try await change(pick, in: roomID, by: session) { db, message in
            // The text goes, and with it (by trigger) its place in the search index; pages a
            // long text overflowed into are zeroed as they are freed, not only left free.
            try db.execute(sql: "PRAGMA secure_delete = ON")
            defer { try? db.execute(sql: "PRAGMA secure_delete = FAST") }
            try db.run(sql: "UPDATE message SET text = '', search_text = '', status = 'deleted' WHERE id = ?", arguments: [message.id])
            return message.deleted
        }
        // The trigrams stay in the index's older segments until a merge.
        await purgeSearchIndex()
        // The write-ahead log still holds the page as it was: copied into the file (whose free
        // space is zeroed) and emptied, it goes.
        await emptyWriteAheadLog()
        return deleted
    }

    /// Finds the picked message, checks it may be changed, changes it, and records the change
    /// for the watchers, all in one transaction.
    private func change(
        _ pick: MessagePick, in roomID: Int, by session: Session, _ update: @escaping @Sendable (Database, Message) throws -> Message
    ) async throws -> Message {
        let now = clock.now()
        return try await write { db in
            let user = try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            let found: Message? =
                switch pick {
                case .last:
                    try Self.messages(
                        where: "message.room_id = ? AND message.sender_id = ? AND message.status <> 'deleted' ORDER BY message.id DESC LIMIT 1",
                        arguments: [roomID, user.id], in: db
                    ).first
                case .id(let id):
                    try Self.messages(where: "message.room_id = ? AND message.id = ?", arguments: [roomID, id], in: db).first
                }
            let changed = try update(db, try pick.check(found, by: user.user))
            try db.run(sql: "INSERT INTO message_change (message_id) VALUES (?)", arguments: [changed.id])
            return changed
        }
    }

    package func react(to messageID: Int, in roomID: Int, with emoji: String, by session: Session) async throws -> Message {
        let emoji = try Reaction.checked(emoji)
        let now = clock.now()
        return try await write { db in
            let user = try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            let byID = "message.room_id = ? AND message.id = ?"
            guard let message = try Self.messages(where: byID, arguments: [roomID, messageID], in: db).first else {
                throw StoreError.noSuchMessage(messageID)
            }
            guard message.status != .deleted else { throw StoreError.messageDeleted(messageID) }
            let mine = try db.fetchOne(
                Row.self, sql: "SELECT 1 FROM reaction WHERE message_id = ? AND user_id = ? AND emoji = ?",
                arguments: [messageID, user.id, emoji]) != nil
            if try Reaction.toggles(emoji, mine: mine, on: message.reactions, messageID: messageID) {
                try db.run(sql: "INSERT INTO reaction (message_id, user_id, emoji) VALUES (?, ?, ?)", arguments: [messageID, user.id, emoji])
            } else {
                try db.run(sql: "DELETE FROM reaction WHERE message_id = ? AND user_id = ? AND emoji = ?", arguments: [messageID, user.id, emoji])
            }
            try db.run(sql: "INSERT INTO message_change (message_id) VALUES (?)", arguments: [messageID])
            return try Self.messages(where: byID, arguments: [roomID, messageID], in: db).first ?? message
        }
    }
}
