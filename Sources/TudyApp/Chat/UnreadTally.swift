import TudyCore

/// The unread count the prompt shows, kept up from the change stream: a prompt drawn again
/// for news reads nothing from the store. It is read afresh once per command, which also
/// takes in what the stream does not tell (the user's other tudy reading a room).
struct UnreadTally {
    private var byRoom: [Int: Int] = [:]
    /// Per room, the newest message counted: one the store's read counted already, and then
    /// comes on the stream, is not counted twice.
    private var newestCounted: [Int: Int] = [:]
    /// Per room, how many of its unread messages named the user, as the stream told them:
    /// the store does not count them, so they outlast a read of the counts while the room
    /// is still unread.
    private var mentionsByRoom: [Int: Int] = [:]
    /// Whether the counts are known; not before the first read, nor after a room was joined.
    private(set) var isKnown = false

    /// The rooms muted: still counted, but not in the totals.
    var muted: Set<Int> = []

    /// The unread count of every room not muted.
    var total: Int { byRoom.filter { !muted.contains($0.key) }.values.reduce(0, +) }
    /// How many of them name the user (`@name`).
    var mentions: Int { mentionsByRoom.filter { !muted.contains($0.key) }.values.reduce(0, +) }

    /// Takes the counts the store gave; a room read meanwhile has no mentions left.
    mutating func read(_ rooms: [RoomSummary]) {
        byRoom = Dictionary(rooms.map { ($0.room.id, $0.unreadCount) }) { first, _ in first }
        newestCounted = Dictionary(rooms.map { ($0.room.id, $0.lastMessage?.id ?? 0) }) { first, _ in first }
        mentionsByRoom = mentionsByRoom.reduce(into: [:]) { kept, entry in
            let unread = byRoom[entry.key] ?? 0
            if unread > 0 { kept[entry.key] = min(entry.value, unread) }
        }
        isKnown = true
    }

    /// Takes in how many unread messages of each room name the user, as found in the store
    /// (what came before the stream began); a room with nothing unread has none.
    mutating func countMentions(_ byRoom: [Int: Int]) {
        for (roomID, count) in byRoom where (self.byRoom[roomID] ?? 0) > 0 {
            mentionsByRoom[roomID] = max(mentionsByRoom[roomID] ?? 0, min(count, self.byRoom[roomID] ?? 0))
        }
    }

    /// Forgets the counts before they are read again; the mentions stay until then.
    mutating func restart() {
        byRoom = [:]
        newestCounted = [:]
        isKnown = false
    }

    /// Counts a change that was not shown in the open room.
    mutating func count(_ change: StoreChange, viewer: User) {
        switch change {
        case .message(let message) where message.isUnread(by: viewer) && message.id > newestCounted[message.roomID] ?? 0:
            byRoom[message.roomID, default: 0] += 1
            newestCounted[message.roomID] = message.id
            if Mention.names(viewer, in: message.text) { mentionsByRoom[message.roomID, default: 0] += 1 }
        case .left(let roomID):
            byRoom[roomID] = nil
            mentionsByRoom[roomID] = nil
        case .joined:
            isKnown = false
        default:
            break
        }
    }

    /// A room shown to its end: nothing in it is unread.
    mutating func roomIsRead(_ roomID: Int) {
        byRoom[roomID] = 0
        mentionsByRoom[roomID] = nil
    }

    /// A room whose count is no longer known (shown in part).
    mutating func forget() {
        isKnown = false
    }
}
