/// A run of messages of one room, oldest first, and whether older ones exist.
public struct MessagePage: Equatable, Sendable {
    public let messages: [Message]
    public let hasOlder: Bool

    public init(messages: [Message], hasOlder: Bool) {
        self.messages = messages
        self.hasOlder = hasOlder
    }
}
