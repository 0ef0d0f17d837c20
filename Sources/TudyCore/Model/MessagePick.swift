/// Which of their own messages a user means to edit or unsend.
public enum MessagePick: Equatable, Sendable {
    /// The newest one they sent to the room that is not deleted.
    case last
    /// The one with this id, as shown before it in the room.
    case id(Int)

    /// The id on the wire: none for the last.
    package var messageID: Int? {
        if case .id(let id) = self { id } else { nil }
    }

    package init(messageID: Int?) {
        self = messageID.map(MessagePick.id) ?? .last
    }
}

extension MessagePick {
    /// The rule every store applies to what it found for the pick in the room: the message, if
    /// `user` may change it. - Parameter found: for `.last`, the newest of the user's own that
    ///   is not deleted; for `.id`, the message with that id in the room.
    /// - Throws: `StoreError.nothingToChange`, `.noSuchMessage`, `.notYourMessage`, `.messageDeleted`.
    package func check(_ found: Message?, by user: User) throws -> Message {
        guard let found else {
            switch self {
            case .last: throw StoreError.nothingToChange
            case .id(let id): throw StoreError.noSuchMessage(id)
            }
        }
        guard found.sender.isNamed(user.name) else { throw StoreError.notYourMessage(found.id) }
        guard found.status != .deleted else { throw StoreError.messageDeleted(found.id) }
        return found
    }
}
