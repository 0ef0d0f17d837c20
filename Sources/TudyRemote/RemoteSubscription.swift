import TudyCore
import TudyWire

/// One stream of a session's changes from a tudy server, as the client keeps it across
/// reconnections: where it stands, so that a new subscription catches up from there, and what
/// it saw, so that nothing sent again is told twice.
struct RemoteSubscription {
    let continuation: AsyncStream<StoreChange>.Continuation
    /// The server's id of the subscription on the current connection; nil before it answers.
    var serverID: Int?
    /// A subscribe request for it has no reply yet.
    var isAsked = false
    /// The newest message there was when this stream began, or the newest it has seen since,
    /// in any room: where a catch-up starts in a room that `newestInRoom` does not name (one
    /// joined since). Nil until the server first answers, since before that there is nothing to
    /// catch up.
    private(set) var newestMessageID: Int?
    /// The newest message this stream has seen in each room, or the newest there was when it
    /// began. Ids are in commit order within a room only: a message of one room may come after
    /// a higher id of another, and is news all the same.
    private(set) var newestInRoom: [Int: Int] = [:]
    /// Whether the server that first answered names each room's newest (`room_cursors`): an
    /// older one gives all rooms' ids in one order, and one newest for them all.
    private var isOrderedPerRoom = false
    /// The user's rooms as this stream last knew them, by id; nil until the server first answers.
    private var rooms: [Int: Room]?
    /// The rooms of an answer that comes in pages, until its last page.
    private var arriving: [RoomSummary]?

    init(continuation: AsyncStream<StoreChange>.Continuation) {
        self.continuation = continuation
    }

    /// The server's answer to a subscription: its id, and the user's rooms as they are now
    /// (or their first page). After a reconnection, the rooms joined or left and the members
    /// who came or went while the connection was down are told, once the last page is in.
    mutating func answered(_ reply: WireFrame) {
        serverID = reply.subscription
        // The first answer says where the stream starts; after that, the server catches up from
        // what this stream saw, and its newest message is not news to the stream.
        if newestMessageID == nil {
            newestMessageID = reply.messageID ?? 0
            isOrderedPerRoom = reply.roomCursors != nil
            for cursor in reply.roomCursors ?? [] { newestInRoom[cursor.roomID] = cursor.messageID }
        }
        arriving = []
        roomsPage(reply.rooms ?? [], hasMore: reply.hasMore == true)
    }

    /// A page of the rooms of the server's answer; the server sends no change of the
    /// subscription before the last. A page with no answer before it is none of this stream's.
    mutating func roomsPage(_ page: [RoomSummary], hasMore: Bool) {
        guard var listed = arriving else { return }
        listed += page
        guard !hasMore else { return arriving = listed }
        arriving = nil
        let now = Dictionary(listed.map { ($0.room.id, $0.room) }) { first, _ in first }
        if let before = rooms {
            for id in Set(before.keys).union(now.keys).sorted() {
                switch (before[id], now[id]) {
                case (nil, let room?): continuation.yield(.joined(room))
                case (_?, nil): continuation.yield(.left(roomID: id))
                case (let then?, let room?) where room.looksDifferent(from: then): continuation.yield(.roomChanged(room))
                default: break
                }
            }
        }
        rooms = now
    }

    /// A change the server pushed: told, unless it is a message this stream has seen already
    /// (sent again after a reconnection).
    mutating func deliver(_ change: StoreChange) {
        switch change {
        case .message(let message):
            let newest = isOrderedPerRoom ? newestInRoom[message.roomID] : newestMessageID
            guard message.id > newest ?? 0 else { return }
            newestInRoom[message.roomID] = message.id
            newestMessageID = max(newestMessageID ?? 0, message.id)
        case .joined(let room), .roomChanged(let room):
            rooms?[room.id] = room
        case .left(let roomID):
            rooms?[roomID] = nil
        case .messageChanged, .read:
            break
        }
        continuation.yield(change)
    }
}

extension RemoteSubscription {
    /// Where each room stands, for a subscribe request after a reconnection.
    var roomCursors: [WireRoomCursor] {
        newestInRoom.sorted { $0.key < $1.key }.map { WireRoomCursor(roomID: $0.key, messageID: $0.value) }
    }
}
