import GRDB
import TudyCore

/// One user following a store's changes under one session: how far they have been told, and
/// the rooms they are in, which decide what of the store's news is theirs.
struct StoreFollower: Sendable {
    let user: User
    /// The hash of the session's token: when that session ends, so does the following.
    let sessionHash: String
    private(set) var cursor: StoreCursor
    private(set) var rooms: [Int: Room]

    /// A follower of `session`, told of nothing committed before the snapshot `db` reads.
    static func starting(now user: User, session: Session, in db: Database) throws -> StoreFollower {
        let ids = try db.fetchAll(Int64.self, sql: """
                SELECT membership.room_id FROM membership JOIN user ON user.id = membership.user_id
                WHERE user.name_key = ? AND membership.is_member
                """, arguments: [Accounts.key(user.name)])
        let rooms = try Dictionary(uniqueKeysWithValues: ids.map { (Int($0), try SQLiteChatStore.room(id: $0, in: db)) })
        return StoreFollower(user: user, sessionHash: session.token.hash, cursor: try StoreCursor.newest(in: db), rooms: rooms)
    }

    /// Puts the cursor at `cursor`, where the feed has told every follower in step.
    mutating func move(to cursor: StoreCursor) {
        self.cursor = cursor
    }

    /// Whether `news` tells of this follower's session ending.
    func isEnded(by news: StoreNews) -> Bool {
        news.endedSessions[sessionHash].map { $0 > cursor.sessionEnd } ?? false
    }

    /// The changes `news` holds for this user, past their cursor, which moves to its end:
    /// rooms joined and left and members, then new messages in their rooms, then messages
    /// changed in them, then read marks others moved in them.
    mutating func take(_ news: StoreNews) -> [StoreChange] {
        var changes: [StoreChange] = []
        for (room, change) in news.rooms where change > cursor.roomChange {
            if let told = StoreChange.membership(before: rooms[room.id], after: room, viewer: user) {
                changes.append(told)
            }
            rooms[room.id] = room.hasMember(user) ? room : nil
        }
        for message in news.messages where message.id > cursor.message && rooms[message.roomID] != nil {
            changes.append(.message(message))
        }
        for (message, change) in news.changed where change > cursor.messageChange && rooms[message.roomID] != nil {
            changes.append(.messageChanged(message))
        }
        for read in news.reads where read.change > cursor.readChange && rooms[read.roomID] != nil && !read.reader.isNamed(user.name) {
            changes.append(.read(roomID: read.roomID, reader: read.reader, upTo: read.upTo))
        }
        cursor = cursor.latest(news.through)
        return changes
    }
}
