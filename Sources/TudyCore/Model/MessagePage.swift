/// A run of messages of one room, oldest first, and whether older ones exist.
public struct MessagePage: Equatable, Sendable, Codable {
    public let messages: [Message]
    public let hasOlder: Bool

    enum CodingKeys: String, CodingKey {
        case messages
        case hasOlder = "has_older"
    }

    public init(messages: [Message], hasOlder: Bool) {
        self.messages = messages
        self.hasOlder = hasOlder
    }
}
