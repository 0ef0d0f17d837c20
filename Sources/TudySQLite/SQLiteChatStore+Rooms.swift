import Foundation
import GRDB
import TudyKit

// Rooms, memberships and messages: every query joins the membership of the acting user.
extension SQLiteChatStore {
    // MARK: - Rooms

    package func rooms(of session: Session) async throws -> [RoomSummary] {
        let now = clock.now()
        return try await read { db in
            let userID = try Self.signedIn(session.token, now: now, in: db).id
            let rows = try db.fetchAll(Row.self, sql: "SELECT room_id, last_read_message_id FROM membership WHERE user_id = ? AND is_member",
                arguments: [userID])
            let summaries = try rows.map { row in
                let roomID: Int64 = row["room_id"]
                let lastRead: Int64 = row["last_read_message_id"]
                let unread = try db.fetchOne(
                    Int.self,
                    sql: """
                        SELECT COUNT(*) FROM (
                            SELECT 1 FROM message WHERE room_id = ? AND id > ? AND sender_id <> ? AND status <> 'deleted'
                              AND sender_id NOT IN (SELECT ignored_id FROM ignoring WHERE user_id = ?) LIMIT ?
                        )
                        """, arguments: [roomID, lastRead, userID, userID, RoomSummary.unreadLimit]) ?? 0
                return RoomSummary(
                    room: try Self.room(id: roomID, in: db),
                    lastMessage: try Self.messages(roomID: roomID, before: nil, limit: 1, in: db).messages.last,
                    unreadCount: unread)
            }
            return summaries.sorted {
                ($0.lastMessage?.id ?? 0, $0.room.id) > ($1.lastMessage?.id ?? 0, $1.room.id)
            }
        }
    }

    package func room(id: Int, for session: Session) async throws -> Room {
        let now = clock.now()
        return try await read { db in
            try Self.requireMember(roomID: id, session: session, now: now, in: db)
            return try Self.room(id: Int64(id), in: db)
        }
    }

    package func directRoom(between session: Session, and other: User) async throws -> Room {
        let now = clock.now()
        return try await write { db in
            try Self.directRoom(
                between: try Self.signedIn(session.token, now: now, in: db), and: try Self.user(named: other.name, in: db), in: db)
        }
    }

    static func directRoom(between first: (id: Int64, user: User), and second: (id: Int64, user: User), in db: Database) throws -> Room {
        guard first.id != second.id else { throw StoreError.cannotChatWithSelf }
        let key = [Accounts.key(first.user.name), Accounts.key(second.user.name)].sorted().joined(separator: " ")
        let roomID: Int64
        if let existing = try db.fetchOne(Int64.self, sql: "SELECT id FROM room WHERE direct_key = ?", arguments: [key]) {
            // Someone who left a 1:1 room comes back to it rather than getting a second one.
            roomID = existing
        } else {
            try db.run(sql: "INSERT INTO room (kind, direct_key) VALUES ('direct', ?)", arguments: [key])
            roomID = db.lastInsertedRowID
        }
        try admit(userID: first.id, roomID: roomID, in: db)
        try admit(userID: second.id, roomID: roomID, in: db)
        return try room(id: roomID, in: db)
    }

    package func leave(roomID: Int, session: Session) async throws {
        let now = clock.now()
        try await write { db in
            let userID = try Self.requireMember(roomID: roomID, session: session, now: now, in: db).id
            // Those who left are listed in the order they left, after those who stay.
            try db.run(sql: """
                    UPDATE membership SET is_member = 0, position = (SELECT MAX(position) + 1 FROM membership WHERE room_id = ?)
                    WHERE room_id = ? AND user_id = ?
                    """, arguments: [roomID, roomID, userID])
        }
    }

    package func join(projectID: Int, by session: Session) async throws -> Room {
        let now = clock.now()
        return try await write { db in
            let user = try Self.signedIn(session.token, now: now, in: db)
            let project = try Self.project(id: Int64(projectID), in: db)
            let room = try project.roomID.map { try Self.room(id: Int64($0), in: db) }
            let wasRemoved = try project.roomID.flatMap { roomID in
                try db.fetchOne(Bool.self, sql: "SELECT removed FROM membership WHERE room_id = ? AND user_id = ?", arguments: [roomID, user.id])
            }
            switch try StudyRoom.admission(of: user.user, to: project, room: room, wasRemoved: wasRemoved ?? false) {
            case .alreadyIn(let roomID):
                return try Self.room(id: Int64(roomID), in: db)
            case .open:
                try db.run(sql: "INSERT INTO room (kind, name, project_id) VALUES ('group', ?, ?)", arguments: [project.title, projectID])
                let roomID = db.lastInsertedRowID
                try Self.admit(userID: try Self.user(named: project.writer.name, in: db).id, roomID: roomID, in: db)
                try Self.admit(userID: user.id, roomID: roomID, in: db)
                return try Self.room(id: roomID, in: db)
            case .admit(let roomID):
                try Self.admit(userID: user.id, roomID: Int64(roomID), in: db)
                return try Self.room(id: Int64(roomID), in: db)
            }
        }
    }

    package func kick(_ kicked: User, from roomID: Int, by session: Session) async throws -> Room {
        let now = clock.now()
        return try await write { db in
            let remover = try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            let kicked = try Self.user(named: kicked.name, in: db)
            let room = try Self.room(id: Int64(roomID), in: db)
            let project = try room.projectID.map { try Self.project(id: Int64($0), in: db) }
            try StudyRoom.checkRemoval(of: kicked.user, from: room, project: project, by: remover.user)
            try db.run(sql: """
                    UPDATE membership SET is_member = 0, removed = 1,
                        position = (SELECT MAX(position) + 1 FROM membership WHERE room_id = ?)
                    WHERE room_id = ? AND user_id = ?
                    """, arguments: [roomID, roomID, kicked.id])
            return try Self.room(id: Int64(roomID), in: db)
        }
    }

    package func rename(roomID: Int, to name: String, by session: Session) async throws -> Room {
        let name = try Room.checkedName(name)
        return try await setRoom("name", to: name, roomID: roomID, by: session) { room in
            guard room.kind == .group else { throw StoreError.cannotRenameDirect(roomID) }
        }
    }

    package func setTopic(roomID: Int, to topic: String, by session: Session) async throws -> Room {
        try await setRoom("topic", to: try Room.checkedTopic(topic), roomID: roomID, by: session)
    }

    /// Sets a column of a room the session's user is in (the v18 trigger tells its
    /// watchers), once `check` allows it; the room as it is now.
    private func setRoom(
        _ column: String, to value: String?, roomID: Int, by session: Session,
        check: @escaping @Sendable (Room) throws -> Void = { _ in }
    ) async throws -> Room {
        let now = clock.now()
        return try await write { db in
            try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            try check(try Self.room(id: Int64(roomID), in: db))
            try db.run(sql: "UPDATE room SET \(column) = ? WHERE id = ?", arguments: [value, roomID])
            return try Self.room(id: Int64(roomID), in: db)
        }
    }

    /// Makes the user a member; one who comes back is listed after those who stayed.
    /// - Throws: `StoreError.roomFull` or `.tooManyRooms` past `Room`'s limits, for someone not
    ///   in the room already.
    static func admit(userID: Int64, roomID: Int64, in db: Database) throws {
        let isMember = try db.fetchOne(
            Bool.self, sql: "SELECT is_member FROM membership WHERE room_id = ? AND user_id = ?", arguments: [roomID, userID])
        if isMember != true {
            let members = try db.fetchOne(
                Int.self, sql: "SELECT COUNT(*) FROM membership WHERE room_id = ? AND is_member", arguments: [roomID]) ?? 0
            if members >= Room.memberLimit { throw StoreError.roomFull(Int(roomID)) }
            let rooms = try db.fetchOne(
                Int.self, sql: "SELECT COUNT(*) FROM membership WHERE user_id = ? AND is_member", arguments: [userID]) ?? 0
            if rooms >= Room.roomsPerPersonLimit {
                throw StoreError.tooManyRooms(try db.fetchOne(String.self, sql: "SELECT name FROM user WHERE id = ?", arguments: [userID]) ?? "")
            }
        }
        try db.run(sql: """
                INSERT INTO membership (room_id, user_id, position)
                VALUES (?, ?, (SELECT COALESCE(MAX(position) + 1, 0) FROM membership WHERE room_id = ?))
                ON CONFLICT (room_id, user_id) DO UPDATE
                SET position = CASE WHEN is_member THEN position ELSE excluded.position END, is_member = 1, removed = 0
                """, arguments: [roomID, userID, roomID])
    }

    /// The session's user when they are in the room.
    /// - Throws: `StoreError.sessionEnded` for a session that is not current; `.noSuchRoom` for a
    ///   room they are not in, as for a missing room.
    @discardableResult
    static func requireMember(roomID: Int, session: Session, now: Date, in db: Database) throws -> (id: Int64, user: User) {
        // One statement for both checks: every send and read of a room makes them.
        guard
            let row = try db.fetchOne(Row.self, sql: """
                    SELECT user.id, user.name, EXISTS (
                        SELECT 1 FROM membership WHERE membership.room_id = ? AND membership.user_id = user.id AND membership.is_member)
                    FROM session JOIN user ON user.id = session.user_id
                    WHERE session.token_hash = ? AND session.expires_at > ?
                    """, arguments: [roomID, session.token.hash, StoreDate.text(now)])
        else { throw StoreError.sessionEnded }
        guard row[2] as Bool else { throw StoreError.noSuchRoom(roomID) }
        return (row[0], User(name: row[1]))
    }

    static func room(id: Int64, in db: Database) throws -> Room {
        guard let row = try db.fetchOne(Row.self, sql: "SELECT kind, name, project_id, topic FROM room WHERE id = ?", arguments: [id]) else {
            throw StoreError.noSuchRoom(Int(id))
        }
        let rows = try db.fetchAll(Row.self, sql: """
                SELECT user.name, membership.is_member FROM membership JOIN user ON user.id = membership.user_id
                WHERE membership.room_id = ? ORDER BY membership.position
                """, arguments: [id])
        let members = rows.filter { $0["is_member"] }.map { User(name: $0["name"]) }
        let departed = rows.filter { !($0["is_member"] as Bool) }.map { User(name: $0["name"]) }
        return Room(
            id: Int(id), kind: Room.Kind(rawValue: row["kind"]) ?? .group, members: members, departed: departed, name: row["name"],
            projectID: row["project_id"], topic: row["topic"])
    }

    // MARK: - Messages

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

    // MARK: - Changes

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

    package func setQuiet(_ quiet: Quiet, _ isQuiet: Bool, by session: Session) async throws {
        let now = clock.now()
        try await write { db in
            switch quiet {
            case .room(let roomID):
                let userID = try Self.requireMember(roomID: roomID, session: session, now: now, in: db).id
                try db.run(sql: "UPDATE membership SET muted = ? WHERE room_id = ? AND user_id = ?", arguments: [isQuiet, roomID, userID])
            case .person(let name):
                let user = try Self.signedIn(session.token, now: now, in: db)
                let other = try Self.user(named: name, in: db)
                guard other.id != user.id else { throw StoreError.cannotIgnoreSelf }
                guard isQuiet else {
                    try db.run(sql: "DELETE FROM ignoring WHERE user_id = ? AND ignored_id = ?", arguments: [user.id, other.id])
                    return
                }
                let count = try db.fetchOne(Int.self, sql: "SELECT COUNT(*) FROM ignoring WHERE user_id = ?", arguments: [user.id]) ?? 0
                let already = try db.fetchOne(
                    Row.self, sql: "SELECT 1 FROM ignoring WHERE user_id = ? AND ignored_id = ?", arguments: [user.id, other.id]) != nil
                if !already && count >= Quiet.ignoreLimit { throw StoreError.tooManyIgnored }
                try db.run(sql: "INSERT OR IGNORE INTO ignoring (user_id, ignored_id) VALUES (?, ?)", arguments: [user.id, other.id])
            }
        }
    }

    package func quiet(of session: Session) async throws -> Set<Quiet> {
        let now = clock.now()
        return try await read { db in
            let userID = try Self.signedIn(session.token, now: now, in: db).id
            let rooms = try Int.fetchAll(
                db, sql: "SELECT room_id FROM membership WHERE user_id = ? AND is_member AND muted", arguments: [userID])
            let people = try String.fetchAll(
                db, sql: "SELECT user.name FROM ignoring JOIN user ON user.id = ignoring.ignored_id WHERE ignoring.user_id = ?",
                arguments: [userID])
            return Set(rooms.map(Quiet.room) + people.map(Quiet.person))
        }
    }

    package func markRead(roomID: Int, upTo messageID: Int, for session: Session) async throws {
        let now = clock.now()
        try await write { db in try Self.markRead(roomID: roomID, upTo: messageID, for: session, now: now, in: db) }
    }

    package func markRead(_ marks: [Int: Int], for session: Session) async throws {
        let now = clock.now()
        try await write { db in
            for (roomID, messageID) in marks.sorted(by: { $0.key < $1.key }) {
                try Self.markRead(roomID: roomID, upTo: messageID, for: session, now: now, in: db)
            }
        }
    }

    private static func markRead(roomID: Int, upTo messageID: Int, for session: Session, now: Date, in db: Database) throws {
        let userID = try requireMember(roomID: roomID, session: session, now: now, in: db).id
        // No further than the newest message: a mark past it would count what comes as read.
        let newest = try db.fetchOne(Int.self, sql: "SELECT MAX(id) FROM message WHERE room_id = ?", arguments: [roomID]) ?? 0
        try db.run(sql: """
                UPDATE membership SET last_read_message_id = ?
                WHERE room_id = ? AND user_id = ? AND last_read_message_id < ?
                """, arguments: [min(messageID, newest), roomID, userID, min(messageID, newest)])
    }

    package func readMarks(in roomID: Int, for session: Session) async throws -> [User: Int] {
        let now = clock.now()
        return try await read { db in
            _ = try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            let rows = try db.fetchAll(Row.self, sql: """
                    SELECT user.name, membership.last_read_message_id AS up_to FROM membership JOIN user ON user.id = membership.user_id
                    WHERE membership.room_id = ? AND membership.is_member AND membership.last_read_message_id > 0
                    """, arguments: [roomID])
            return Dictionary(uniqueKeysWithValues: rows.map { (User(name: $0["name"]), $0["up_to"] as Int) })
        }
    }
}
