import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudyRemote

/// A remote change stream across reconnections, without a server: each change told once.
@Suite("A remote subscription")
struct RemoteSubscriptionTests {
    private let ann = User(name: "ann"), ben = User(name: "ben"), cat = User(name: "cat")

    private func answer(subscription: Int, newest: Int?, rooms: [Room]) -> WireFrame {
        var frame = WireFrame(type: .reply, id: 1)
        frame.subscription = subscription
        frame.messageID = newest
        frame.rooms = rooms.map { RoomSummary(room: $0, lastMessage: nil, unreadCount: 0) }
        return frame
    }

    private func message(_ id: Int, in room: Room) -> StoreChange {
        .message(Message(id: id, roomID: room.id, sender: ben, text: "message \(id)", sentAt: TestApp.start))
    }

    /// The changes told so far, each described.
    private func told(_ stream: AsyncStream<StoreChange>) async -> [String] {
        var descriptions: [String] = []
        for await change in stream {
            switch change {
            case .message(let message): descriptions.append("message \(message.id)")
            case .joined(let room): descriptions.append("joined \(room.id)")
            case .left(let roomID): descriptions.append("left \(roomID)")
            case .roomChanged(let room): descriptions.append("members of \(room.id): \(room.members.map(\.name))")
            case .messageChanged(let message): descriptions.append("changed \(message.id)")
            case .read(let roomID, let reader, let upTo): descriptions.append("\(reader.name) read \(roomID) up to \(upTo)")
            }
        }
        return descriptions
    }

    @Test("messages sent again after a reconnection are told once; the first answer says where the stream starts")
    func messagesOnce() async {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self)
        var subscription = RemoteSubscription(continuation: continuation)
        let room = Room(id: 1, kind: .direct, members: [ann, ben])
        subscription.answered(answer(subscription: 7, newest: 10, rooms: [room]))
        #expect(subscription.serverID == 7 && subscription.newestMessageID == 10)
        subscription.deliver(message(10, in: room))
        subscription.deliver(message(11, in: room))
        subscription.serverID = nil
        subscription.answered(answer(subscription: 8, newest: 11, rooms: [room]))
        #expect(subscription.newestMessageID == 11, "a later answer does not move where the stream stands")
        subscription.deliver(message(11, in: room))
        subscription.deliver(message(12, in: room))
        continuation.finish()
        #expect(await told(stream) == ["message 11", "message 12"])
    }

    @Test("with a server that names each room's newest, a message of one room is news after a higher id of another; sent again it is not; a reconnection asks room by room")
    func messagesOncePerRoom() async {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self)
        var subscription = RemoteSubscription(continuation: continuation)
        let first = Room(id: 1, kind: .direct, members: [ann, ben]), second = Room(id: 2, kind: .direct, members: [ann, ben])
        var reply = answer(subscription: 7, newest: 20, rooms: [first, second])
        reply.roomCursors = [WireRoomCursor(roomID: 1, messageID: 10), WireRoomCursor(roomID: 2, messageID: 20)]
        subscription.answered(reply)
        subscription.deliver(message(21, in: second))
        subscription.deliver(message(11, in: first))
        subscription.deliver(message(20, in: second))
        subscription.serverID = nil
        subscription.answered(answer(subscription: 8, newest: 21, rooms: [first, second]))
        #expect(subscription.roomCursors == [WireRoomCursor(roomID: 1, messageID: 11), WireRoomCursor(roomID: 2, messageID: 21)])
        subscription.deliver(message(11, in: first))
        subscription.deliver(message(12, in: first))
        continuation.finish()
        #expect(await told(stream) == ["message 21", "message 11", "message 12"])
    }

    @Test("rooms joined and left and members who came or went while the connection was down are told once it is back")
    func roomsWhileAway() async {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self)
        var subscription = RemoteSubscription(continuation: continuation)
        let direct = Room(id: 1, kind: .direct, members: [ann, ben])
        let group = Room(id: 2, kind: .group, members: [ann, ben])
        let grown = Room(id: 2, kind: .group, members: [ann, ben, cat])
        let new = Room(id: 3, kind: .group, members: [ann, cat])
        subscription.answered(answer(subscription: 1, newest: 0, rooms: [direct, group]))
        subscription.answered(answer(subscription: 2, newest: 0, rooms: [grown, new]))
        // Told live before the next drop: not told again by the answer after it.
        subscription.deliver(.left(roomID: 3))
        subscription.answered(answer(subscription: 3, newest: 0, rooms: [grown]))
        continuation.finish()
        #expect(await told(stream) == ["left 1", "members of 2: [\"ann\", \"ben\", \"cat\"]", "joined 3", "left 3"])
    }

    @Test("rooms that come in pages are compared with what was known only after the last; a connection lost between pages starts the answer again; a page with no answer before it is nobody's")
    func roomsInPages() async {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self)
        var subscription = RemoteSubscription(continuation: continuation)
        let rooms = (1...4).map { Room(id: $0, kind: .group, members: [ann, ben]) }
        let summaries = { (rooms: [Room]) in rooms.map { RoomSummary(room: $0, lastMessage: nil, unreadCount: 0) } }
        subscription.answered(answer(subscription: 1, newest: 0, rooms: rooms))
        // Away: room 1 left, room 4 renamed, room 5 joined. The answer comes in three pages.
        let renamed = Room(id: 4, kind: .group, members: [ann, ben], name: "study")
        let joined = Room(id: 5, kind: .group, members: [ann, cat])
        var first = answer(subscription: 2, newest: 0, rooms: [rooms[1]])
        first.hasMore = true
        subscription.answered(first)
        subscription.roomsPage(summaries([rooms[2]]), hasMore: true)
        // The connection drops before the last page: the next answer is the whole list again.
        var again = answer(subscription: 3, newest: 0, rooms: [rooms[1], rooms[2]])
        again.hasMore = true
        subscription.answered(again)
        subscription.roomsPage(summaries([renamed, joined]), hasMore: false)
        // Nobody's: no answer is waiting for pages.
        subscription.roomsPage(summaries([]), hasMore: false)
        continuation.finish()
        #expect(await told(stream) == ["left 1", "members of 4: [\"ann\", \"ben\"]", "joined 5"])
    }
}
