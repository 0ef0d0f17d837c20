/// A line of the rooms list: the room, its newest message and how many the viewer has not read.
public struct RoomSummary: Equatable, Sendable, Codable {
    public let room: Room
    public let lastMessage: Message?
    /// Counted up to `unreadLimit` at most, so the rooms list costs the same however much is unread.
    public let unreadCount: Int

    /// The most unread messages a store counts; the list shows `99+` from there on.
    package static let unreadLimit = 100

    /// Whether `first` comes before `second` in the rooms list: the room with the newest
    /// message first, then the newer room (a bigger id) first.
    package static func isListed(_ first: RoomSummary, before second: RoomSummary) -> Bool {
        (first.lastMessage?.id ?? 0, first.room.id) > (second.lastMessage?.id ?? 0, second.room.id)
    }

    /// `3`, or `99+` when the count reached the limit.
    package var unreadText: String {
        unreadCount >= Self.unreadLimit ? "\(Self.unreadLimit - 1)+" : "\(unreadCount)"
    }

    enum CodingKeys: String, CodingKey {
        case room
        case lastMessage = "last_message"
        case unreadCount = "unread_count"
    }

    package init(room: Room, lastMessage: Message?, unreadCount: Int) {
        self.room = room
        self.lastMessage = lastMessage
        self.unreadCount = unreadCount
    }
}
