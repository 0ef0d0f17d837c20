/// Something that changed in the store for one user, as the change stream reports it.
public enum StoreChange: Equatable, Sendable {
    /// A new message in one of the user's rooms, their own included.
    case message(Message)
    /// A message in one of the user's rooms was edited or deleted; the message as it is now.
    /// Quick changes of one message may come as one, the last.
    case messageChanged(Message)
    /// The user was brought into a room, new or one they had left.
    case joined(Room)
    /// The user is no longer in a room.
    case left(roomID: Int)
    /// Someone came into or left one of the user's rooms, or it was renamed or given a topic;
    /// the room as it is now.
    case roomChanged(Room)
    /// Another member of one of the user's rooms read it further: every message up to `upTo`
    /// is read by them now. Told when a member marks a room read; the reader is not told of
    /// their own mark.
    case read(roomID: Int, reader: User, upTo: Int)
}

extension StoreChange {
    /// What a viewer is told when a room changes from `before` to `after` (nil: the viewer can
    /// not see the room, or it did not exist): every store reports membership by this one rule.
    package static func membership(before: Room?, after: Room?, viewer: User) -> StoreChange? {
        let wasIn = before?.hasMember(viewer) ?? false
        let isIn = after?.hasMember(viewer) ?? false
        switch (wasIn, isIn) {
        case (false, true): return after.map(StoreChange.joined)
        case (true, false): return before.map { .left(roomID: $0.id) }
        case (true, true):
            guard let before, let after, after.looksDifferent(from: before) else { return nil }
            return .roomChanged(after)
        case (false, false): return nil
        }
    }
}

extension StoreChange {
    /// The room a change is of, if one.
    package var roomID: Int? {
        switch self {
        case .message(let message), .messageChanged(let message): message.roomID
        case .joined(let room), .roomChanged(let room): room.id
        case .left(let roomID), .read(let roomID, _, _): roomID
        }
    }
}
