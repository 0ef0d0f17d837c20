import TudyCore

/// The live changes of one subscription that arrive while its catch-up is still being sent,
/// held to be pushed after it, in order, within a bound: a reader that catches up slowly
/// while others edit can not make the server keep what they edit without end.
///
/// A later change of the same thing takes the place of the one held: a message's newest edit
/// (or its unsending), a room as it is now, a member's furthest read. What the client is told
/// is then as up to date as if it had been told each, and a thousand edits of one message
/// hold one.
struct HeldChanges {
    /// What a change is about, for changes a later one replaces.
    private enum Subject: Hashable {
        case message(Int)
        case room(Int)
        case read(roomID: Int, reader: String)
    }

    private var changes: [StoreChange?] = []
    private var places: [Subject: Int] = [:]
    /// The bytes the changes held take, as `size(of:)` counts them.
    private(set) var bytes = 0

    /// Holds a change, in place of the one it replaces; false when holding it would pass
    /// `limit` bytes, and it was not held.
    mutating func hold(_ change: StoreChange, limit: Int) -> Bool {
        let size = Self.size(of: change)
        if let subject = Self.subject(of: change), let place = places[subject], let old = changes[place] {
            guard bytes - Self.size(of: old) + size <= limit else { return false }
            bytes += size - Self.size(of: old)
            changes[place] = change
            return true
        }
        guard bytes + size <= limit else { return false }
        if let subject = Self.subject(of: change) { places[subject] = changes.count }
        changes.append(change)
        bytes += size
        return true
    }

    /// The changes held, in the order they first came.
    var inOrder: [StoreChange] { changes.compactMap(\.self) }

    private static func subject(of change: StoreChange) -> Subject? {
        switch change {
        case .messageChanged(let message): .message(message.id)
        case .roomChanged(let room): .room(room.id)
        case .read(let roomID, let reader, _): .read(roomID: roomID, reader: Accounts.key(reader.name))
        case .message, .joined, .left: nil
        }
    }

    /// About what the change takes encoded: its texts, and a little for the rest.
    static func size(of change: StoreChange) -> Int {
        let overhead = 256
        switch change {
        case .message(let message), .messageChanged(let message):
            return overhead + message.text.utf8.count + message.sender.name.utf8.count
                + (message.replyTo.map { $0.text.utf8.count + $0.sender.name.utf8.count } ?? 0)
                + message.reactions.reduce(0) { $0 + $1.emoji.utf8.count + 16 }
        case .joined(let room), .roomChanged(let room):
            return overhead + (room.name?.utf8.count ?? 0) + (room.topic?.utf8.count ?? 0)
                + (room.members + room.departed).reduce(0) { $0 + $1.name.utf8.count + 16 }
        case .left, .read:
            return overhead
        }
    }
}
