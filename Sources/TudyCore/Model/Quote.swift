/// The message a reply answers, as it is now: a reply to one since unsent shows that it was.
package struct Quote: Equatable, Sendable, Codable {
    package let id: Int
    package let sender: User
    /// Empty once the message is deleted.
    package let text: String
    package let status: Message.Status

    package init(id: Int, sender: User, text: String, status: Message.Status) {
        self.id = id
        self.sender = sender
        self.text = status == .deleted ? "" : text
        self.status = status
    }

    /// The message quoted as it is.
    package init(_ message: Message) {
        self.init(id: message.id, sender: message.sender, text: message.text, status: message.status)
    }
}
