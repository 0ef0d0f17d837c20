/// A line of the rooms list: the room, its newest message and how many the viewer has not read.
public struct RoomSummary: Equatable, Sendable {
    public let room: Room
    public let lastMessage: Message?
    public let unreadCount: Int

    public init(room: Room, lastMessage: Message?, unreadCount: Int) {
        self.room = room
        self.lastMessage = lastMessage
        self.unreadCount = unreadCount
    }
}
