/// The unread count the prompt shows, kept up from the change stream: a prompt drawn again
/// for news reads nothing from the store. It is read afresh once per command, which also
/// takes in what the stream does not tell (the user's other tudy reading a room).
struct UnreadTally {
    private var byRoom: [Int: Int] = [:]
    /// Per room, the newest message counted: one the store's read counted already, and then
    /// comes on the stream, is not counted twice.
    private var newestCounted: [Int: Int] = [:]
    /// Whether the counts are known; not before the first read, nor after a room was joined.
    private(set) var isKnown = false

    /// The unread count of every room.
    var total: Int { byRoom.values.reduce(0, +) }

    /// Takes the counts the store gave.
    mutating func read(_ rooms: [RoomSummary]) {
        byRoom = Dictionary(rooms.map { ($0.room.id, $0.unreadCount) }) { first, _ in first }
        newestCounted = Dictionary(rooms.map { ($0.room.id, $0.lastMessage?.id ?? 0) }) { first, _ in first }
        isKnown = true
    }

    /// Counts a change that was not shown in the open room.
    mutating func count(_ change: StoreChange, viewer: User) {
        switch change {
        case .message(let message) where message.isUnread(by: viewer) && message.id > newestCounted[message.roomID] ?? 0:
            byRoom[message.roomID, default: 0] += 1
            newestCounted[message.roomID] = message.id
        case .left(let roomID):
            byRoom[roomID] = nil
        case .joined:
            isKnown = false
        default:
            break
        }
    }

    /// A room shown to its end: nothing in it is unread.
    mutating func roomIsRead(_ roomID: Int) {
        byRoom[roomID] = 0
    }

    /// A room whose count is no longer known (shown in part).
    mutating func forget() {
        isKnown = false
    }
}
