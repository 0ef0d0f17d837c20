import TudyCore
import TudyWire

// Replies filled to their bytes: a page of messages, posts, names or rooms.
extension WireService {
    /// The first of `messages` that fit in a reply of `ServerLimits.pageReplyBytes`, and
    /// always the first: each is counted at the most its JSON can take (every character of
    /// its text, sender and reactions escaped, and room for the other fields).
    static func fitting(_ messages: some Sequence<Message>) -> [Message] {
        fitting(messages) { message in
            2 * (message.text.utf8.count + message.sender.name.utf8.count)
                + message.reactions.reduce(0) { $0 + 2 * $1.emoji.utf8.count + 32 }
        }
    }

    /// The most a room's texts can take as JSON: its members' and former members' names, its
    /// own name and topic, and its last message.
    static func roomBytes(_ summary: RoomSummary) -> Int {
        let room = summary.room
        let names = (room.members + room.departed).map { $0.name.utf8.count + 16 }.reduce(0, +)
        let own = (room.name?.utf8.count ?? 0) + (room.topic?.utf8.count ?? 0)
        return 2 * (names + own + (summary.lastMessage.map { $0.text.utf8.count + $0.sender.name.utf8.count } ?? 0))
    }

    /// `rooms` in the pages that each fit a reply, in their order; one empty page for none.
    static func roomPages(_ rooms: [RoomSummary]) -> [[RoomSummary]] {
        var pages: [[RoomSummary]] = []
        var rest = rooms[...]
        repeat {
            let page = fitting(rest, textBytes: roomBytes)
            pages.append(page)
            rest = rest.dropFirst(page.count)
        } while !rest.isEmpty
        return pages
    }

    /// The first of `items` that fit in a reply of `ServerLimits.pageReplyBytes`, and always
    /// the first, `textBytes` giving the most an item's texts can take as JSON; each item
    /// is given `overhead` bytes more for its other fields.
    static func fitting<Item>(_ items: some Sequence<Item>, overhead: Int = 256, textBytes: (Item) -> Int) -> [Item] {
        var fitting: [Item] = []
        var bytes = 512
        for item in items {
            bytes += textBytes(item) + overhead
            guard bytes <= ServerLimits.pageReplyBytes || fitting.isEmpty else { break }
            fitting.append(item)
        }
        return fitting
    }
}
