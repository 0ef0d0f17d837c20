import Foundation

/// One chat message, as kept by the store.
public struct Message: Equatable, Sendable, Identifiable, Codable {
    /// Grows with every message sent, so it orders messages and pages them by key.
    public let id: Int
    public let roomID: Int
    public let sender: User
    public let text: String
    public let sentAt: Date

    enum CodingKeys: String, CodingKey {
        case id, sender, text
        case roomID = "room_id"
        case sentAt = "sent_at"
    }

    public init(id: Int, roomID: Int, sender: User, text: String, sentAt: Date) {
        self.id = id
        self.roomID = roomID
        self.sender = sender
        self.text = text
        self.sentAt = sentAt
    }

    /// The longest message tudy sends, in characters.
    public static let maximumLength = 4000

    /// The rule every store applies to a message's text.
    /// - Throws: `StoreError.emptyMessage` or `.messageTooLong`.
    public static func check(_ text: String) throws {
        guard !text.allSatisfy(\.isWhitespace) else { throw StoreError.emptyMessage }
        guard text.count <= maximumLength else { throw StoreError.messageTooLong }
    }
}
