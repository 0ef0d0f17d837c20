import Foundation

/// One chat message, as kept by the store.
public struct Message: Equatable, Sendable, Identifiable, Codable {
    /// What became of a message after it was sent.
    public enum Status: String, Codable, Sendable {
        case sent
        /// Its sender changed the text.
        case edited
        /// Its sender unsent it: the text is gone from the store, only the place is left.
        case deleted
    }

    /// What a message is: words said, or an action told of its sender (`/me waves`, shown as
    /// `* alice waves`).
    public enum Kind: String, Codable, Sendable {
        case text
        case action
    }

    /// Grows with every message sent, so it orders messages and pages them by key.
    public let id: Int
    public let roomID: Int
    public let sender: User
    /// Empty once the message is deleted.
    public let text: String
    public let sentAt: Date
    public let status: Status
    public let kind: Kind
    /// The message this one answers (`/reply`), as it is now.
    package let replyTo: Quote?
    /// The emoji people set on it (`/react`), each with how many; none once it is deleted.
    package let reactions: [Reaction]

    enum CodingKeys: String, CodingKey {
        case id, sender, text, status, kind, reactions
        case roomID = "room_id"
        case sentAt = "sent_at"
        case replyTo = "reply_to"
    }

    public init(id: Int, roomID: Int, sender: User, text: String, sentAt: Date, status: Status = .sent, kind: Kind = .text) {
        self.init(id: id, roomID: roomID, sender: sender, text: text, sentAt: sentAt, status: status, kind: kind, replyTo: nil)
    }

    package init(
        id: Int, roomID: Int, sender: User, text: String, sentAt: Date, status: Status = .sent, kind: Kind = .text, replyTo: Quote?,
        reactions: [Reaction] = []
    ) {
        self.replyTo = replyTo
        self.reactions = status == .deleted ? [] : reactions
        self.id = id
        self.roomID = roomID
        self.sender = sender
        self.text = status == .deleted ? "" : text
        self.sentAt = sentAt
        self.status = status
        self.kind = kind
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int.self, forKey: .id), roomID: try container.decode(Int.self, forKey: .roomID),
            sender: try container.decode(User.self, forKey: .sender), text: try container.decode(String.self, forKey: .text),
            sentAt: try container.decode(Date.self, forKey: .sentAt),
            // A peer from before edits sends none: its messages are as sent.
            status: try container.decodeIfPresent(Status.self, forKey: .status) ?? .sent,
            kind: try container.decodeIfPresent(Kind.self, forKey: .kind) ?? .text,
            replyTo: try container.decodeIfPresent(Quote.self, forKey: .replyTo),
            reactions: try container.decodeIfPresent([Reaction].self, forKey: .reactions) ?? [])
    }

    /// Every field, `kind` only for an action, `reply_to` only for a reply and `reactions` only
    /// when there are some: other messages are written as before these were, for peers and
    /// programs that know none of them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(roomID, forKey: .roomID)
        try container.encode(sender, forKey: .sender)
        try container.encode(text, forKey: .text)
        try container.encode(sentAt, forKey: .sentAt)
        try container.encode(status, forKey: .status)
        if kind != .text { try container.encode(kind, forKey: .kind) }
        try container.encodeIfPresent(replyTo, forKey: .replyTo)
        if !reactions.isEmpty { try container.encode(reactions, forKey: .reactions) }
    }

    /// The message with new text, marked edited.
    package func edited(to text: String) -> Message {
        Message(
            id: id, roomID: roomID, sender: sender, text: text, sentAt: sentAt, status: .edited, kind: kind, replyTo: replyTo,
            reactions: reactions)
    }

    /// The message carrying these reactions.
    package func reacted(_ reactions: [Reaction]) -> Message {
        Message(
            id: id, roomID: roomID, sender: sender, text: text, sentAt: sentAt, status: status, kind: kind, replyTo: replyTo,
            reactions: reactions)
    }

    /// The message with its text gone, marked deleted.
    package var deleted: Message {
        Message(id: id, roomID: roomID, sender: sender, text: "", sentAt: sentAt, status: .deleted, kind: kind, replyTo: replyTo)
    }

    /// Whether it counts as news for `user` until shown: another's message, still there (one
    /// its sender unsent is nothing to read, though its place is shown).
    package func isUnread(by user: User) -> Bool {
        !sender.isNamed(user.name) && status != .deleted
    }

    /// The longest message tudy sends, in characters.
    package static let maximumLength = 4000

    /// The rule every store applies to a message's text.
    /// - Throws: `StoreError.tooManyMarks`, `.emptyMessage`, `.messageTooLong` or `.controlCharacter`.
    package static func check(_ text: String) throws {
        try TextBounds.check(text)
        guard !text.allSatisfy(\.isWhitespace) else { throw StoreError.emptyMessage }
        guard text.count <= maximumLength else { throw StoreError.messageTooLong }
        if let control = ControlCharacters.firstRefused(in: text) { throw StoreError.controlCharacter(control) }
    }
}
