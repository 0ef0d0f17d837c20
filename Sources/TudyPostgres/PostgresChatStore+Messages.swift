import Foundation
import PostgresNIO
import TudyCore

// Messages: pages, search, sending, edits and unsends, and what has been read; every query
// joins the membership of the acting user.
extension PostgresChatStore {
    package func messages(in roomID: Int, for session: Session, before: Int?, limit: Int) async throws -> MessagePage {
        let now = clock.now()
        return try await transaction { connection in
            try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            return try await Self.messages(roomID: roomID, before: before, limit: limit, on: connection)
        }
    }

    /// A page found by key on `(room_id, id)`: its cost does not grow with the room's history.
    static func messages(roomID: Int, before: Int?, limit: Int, on connection: PostgresConnection) async throws -> MessagePage {
        let rows = try await messages(
            where: "message.room_id = \(roomID) AND message.id < \(before ?? Int.max)", order: "DESC", limit: limit + 1, on: connection)
        return MessagePage(messages: rows.prefix(limit).reversed(), hasOlder: rows.count > limit)
    }

    /// Messages with their senders. - Parameter condition: SQL the store builds from ids, never
    ///   from text anyone typed (that goes in as a bound value).
    static func messages(where condition: String, order: String, limit: Int, on connection: PostgresConnection) async throws -> [Message] {
        try await messages(
            PostgresQuery(unsafeSQL: "\(messageSelection) WHERE \(condition) ORDER BY message.id \(order) LIMIT \(limit)"),
            on: connection)
    }

    /// The columns `messages(_:on:)` reads, from `message` joined to its sender in `users`.
    static let messageSelection = """
        SELECT message.id, message.room_id, message.text, message.sent_at, message.status, message.kind, users.name,
               quoted.id, quoted.text, quoted.status, quoted_sender.name,
               ARRAY(SELECT emoji FROM reaction WHERE message_id = message.id GROUP BY emoji ORDER BY MIN(id)),
               ARRAY(SELECT COUNT(*) FROM reaction WHERE message_id = message.id GROUP BY emoji ORDER BY MIN(id))
        FROM message JOIN users ON users.id = message.sender_id
        LEFT JOIN message AS quoted ON quoted.id = message.reply_to
        LEFT JOIN users AS quoted_sender ON quoted_sender.id = quoted.sender_id
        """

    /// The messages a query that starts with `messageSelection` finds.
    static func messages(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> [Message] {
        var messages: [Message] = []
        for try await (id, roomID, text, sentAt, status, kind, sender, quotedID, quotedText, quotedStatus, quotedSender, emoji, counts)
            in try await connection.query(query, logger: quiet)
            .decode((Int, Int, String, Date, String, String, String, Int?, String?, String?, String?, [String], [Int]).self)
        {
            messages.append(
                message(
                    id: id, roomID: roomID, text: text, sentAt: sentAt, status: status, kind: kind, sender: sender,
                    quoted: (quotedID, quotedText, quotedStatus, quotedSender),
                    reactions: zip(emoji, counts).map { Reaction(emoji: $0, count: $1) }))
        }
        return messages
    }

    /// A message from its columns as the database keeps them, and those of the message it quotes.
    static func message(
        id: Int, roomID: Int, text: String, sentAt: Date, status: String, kind: String, sender: String,
        quoted: (id: Int?, text: String?, status: String?, sender: String?), reactions: [Reaction] = []
    ) -> Message {
        Message(
            id: id, roomID: roomID, sender: User(name: sender), text: text, sentAt: sentAt,
            status: Message.Status(rawValue: status) ?? .sent, kind: Message.Kind(rawValue: kind) ?? .text,
            replyTo: quoted.id.map { quotedID in
                Quote(
                    id: quotedID, sender: User(name: quoted.sender ?? ""), text: quoted.text ?? "",
                    status: quoted.status.flatMap(Message.Status.init(rawValue:)) ?? .sent)
            },
            reactions: reactions)
    }

    package func findMessages(_ words: [String], for session: Session, before: Int?, limit: Int) async throws -> [Message] {
        try MessageSearch.check(words)
        guard !words.isEmpty else { return [] }
        let now = clock.now()
        return try await transaction { connection in
            let userID = try await Self.signedIn(session.token, now: now, on: connection).id
            // One LIKE a word, each its own bound pattern (`\` escapes by default): the planner
            // can take each to the trigram index, which it can not for LIKE ALL of an array.
            // A word of one or two letters, which no trigram holds, is looked up by the index of
            // letters and pairs too.
            var binds = PostgresBindings()
            binds.append(userID)
            var conditions: [String] = []
            for word in words {
                binds.append(MessageSearch.likePattern(word))
                conditions.append("message.search_text LIKE $\(binds.count)")
                guard word.unicodeScalars.count <= 2 else { continue }
                binds.append(word)
                conditions.append("tudy_letters_and_pairs(message.search_text) @> ARRAY[$\(binds.count)::text]")
            }
            if let before {
                binds.append(before)
                conditions.append("message.id < $\(binds.count)")
            }
            binds.append(limit)
            let query = PostgresQuery(
                unsafeSQL: """
                    \(Self.messageSelection)
                    WHERE message.room_id IN (SELECT room_id FROM membership WHERE user_id = $1 AND is_member)
                      AND \(conditions.joined(separator: " AND "))
                    ORDER BY message.id DESC LIMIT $\(binds.count)
                    """, binds: binds)
            return try await Self.messages(query, on: connection)
        }
    }

    package func messages(in roomID: Int, for session: Session, after: Int, limit: Int) async throws -> [Message] {
        let now = clock.now()
        return try await transaction { connection in
            try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            return try await Self.messages(
                where: "message.room_id = \(roomID) AND message.id > \(after)", order: "ASC", limit: limit, on: connection)
        }
    }

    package func firstUnread(in roomID: Int, for session: Session) async throws -> Int? {
        let now = clock.now()
        return try await transaction { connection in
            let userID = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection).id
            return try await Self.one(
                Int.self,
                """
                SELECT message.id FROM message, membership
                WHERE membership.room_id = \(roomID) AND membership.user_id = \(userID)
                  AND message.room_id = membership.room_id AND message.id > membership.last_read_message_id
                  AND message.sender_id <> \(userID) AND message.status <> 'deleted'
                  AND message.sender_id NOT IN (SELECT ignored_id FROM ignoring WHERE user_id = \(userID))
                ORDER BY message.id LIMIT 1
                """, on: connection)
        }
    }

    package func send(_ outgoing: OutgoingMessage, to roomID: Int, from session: Session) async throws -> Message {
        let (text, kind, key) = (outgoing.text, outgoing.kind, outgoing.key)
        let now = clock.now()
        return try await connected { connection in
            // A reply's quote is looked up after the sender is known to be a member, so that
            // nobody learns which messages a room they are not in holds. A message is never
            // moved or removed (an unsent one keeps its place): found in the room now, it is
            // there when the reply is written.
            var quote: Quote?
            if let id = outgoing.replyTo {
                _ = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
                let found = try await Self.messages(where: "message.room_id = \(roomID) AND message.id = \(id)", order: "ASC", limit: 1, on: connection)
                guard let quoted = found.first else { throw StoreError.noSuchMessage(id) }
                quote = Quote(quoted)
            }
            let statement = PostgresSendStatement(
                sessionHash: session.token.hash, now: now, roomID: roomID, text: text, key: key, kind: kind, replyTo: quote?.id)
            for try await (id, name) in try await connection.execute(statement, logger: Self.quiet) {
                return Message(id: id, roomID: roomID, sender: User(name: name), text: text, sentAt: now, kind: kind, replyTo: quote)
            }
            // Nothing was written: the session ended, the sender is no member, or the key was
            // sent before (a resend, perhaps racing the first), whose message is the answer.
            let sender = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            if let key, let kept = try await Self.message(sentBy: sender.id, key: key, on: connection) {
                // Never a message of another room, which the sender may have left since.
                guard kept.roomID == roomID else { throw StoreError.sendKeyReused(roomID: roomID) }
                return kept
            }
            throw StoreError.noSuchRoom(roomID)
        }
    }

    /// The message `senderID` sent with `key`, if one was.
    private static func message(sentBy senderID: Int, key: String, on connection: PostgresConnection) async throws -> Message? {
        guard let id = try await one(Int.self, "SELECT id FROM message WHERE sender_id = \(senderID) AND client_key = \(key)", on: connection) else {
            return nil
        }
        return try await messages(where: "message.id = \(id)", order: "ASC", limit: 1, on: connection).first
    }

    package func edit(_ pick: MessagePick, in roomID: Int, to text: String, by session: Session) async throws -> Message {
        try Message.check(text)
        return try await change(pick, in: roomID, by: session) { message, connection in
            try await connection.query(
                """
                UPDATE message SET text = \(text), search_text = \(CaseFolding.search(text)), status = 'edited'
                WHERE id = \(message.id)
                """, logger: Self.quiet)
            return message.edited(to: text)
        }
    }

    package func unsend(_ pick: MessagePick, in roomID: Int, by session: Session) async throws -> Message {
        try await change(pick, in: roomID, by: session) { message, connection in
            try await connection.query(
                "UPDATE message SET text = '', search_text = '', status = 'deleted' WHERE id = \(message.id)", logger: Self.quiet)
            return message.deleted
        }
    }

    package func react(to messageID: Int, in roomID: Int, with emoji: String, by session: Session) async throws -> Message {
        let emoji = try Reaction.checked(emoji)
        let now = clock.now()
        return try await transaction { connection in
            let user = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            // Reactions to one message take turns, so that its kinds are counted as they are.
            let condition = "message.room_id = \(roomID) AND message.id = \(messageID)"
            guard
                let message = try await Self.messages(
                    PostgresQuery(unsafeSQL: "\(Self.messageSelection) WHERE \(condition) FOR UPDATE OF message"), on: connection
                ).first
            else { throw StoreError.noSuchMessage(messageID) }
            guard message.status != .deleted else { throw StoreError.messageDeleted(messageID) }
            let mine = try await Self.one(
                Int.self, "SELECT id FROM reaction WHERE message_id = \(messageID) AND user_id = \(user.id) AND emoji = \(emoji)",
                on: connection) != nil
            if try Reaction.toggles(emoji, mine: mine, on: message.reactions, messageID: messageID) {
                try await connection.query(
                    "INSERT INTO reaction (message_id, user_id, emoji) VALUES (\(messageID), \(user.id), \(emoji))", logger: Self.quiet)
            } else {
                try await connection.query(
                    "DELETE FROM reaction WHERE message_id = \(messageID) AND user_id = \(user.id) AND emoji = \(emoji)", logger: Self.quiet)
            }
            try await connection.query("SELECT pg_notify(\(PostgresChangeFeed.channel), \("e\(messageID)"))", logger: Self.quiet)
            return try await Self.messages(where: condition, order: "ASC", limit: 1, on: connection).first ?? message
        }
    }

    /// Finds the picked message, locked against another change, checks it may be changed,
    /// changes it and tells the change feeds (`e<id>`), in one transaction.
    private func change(
        _ pick: MessagePick, in roomID: Int, by session: Session,
        _ update: @escaping @Sendable (Message, PostgresConnection) async throws -> Message
    ) async throws -> Message {
        let now = clock.now()
        return try await transaction { connection in
            let user = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            let condition =
                switch pick {
                case .last:
                    "message.room_id = \(roomID) AND message.sender_id = \(user.id) AND message.status <> 'deleted'"
                case .id(let id): "message.room_id = \(roomID) AND message.id = \(id)"
                }
            let found = try await Self.messages(
                PostgresQuery(unsafeSQL: "\(Self.messageSelection) WHERE \(condition) ORDER BY message.id DESC LIMIT 1 FOR UPDATE OF message"),
                on: connection
            ).first
            let changed = try await update(try pick.check(found, by: user.user), connection)
            try await connection.query("SELECT pg_notify(\(PostgresChangeFeed.channel), \("e\(changed.id)"))", logger: Self.quiet)
            return changed
        }
    }
}
