/// A message as its sender asks for it to be kept: words already checked, what kind it is,
/// what it answers, and the sender's key for it.
///
/// A store takes nothing else, so the rule for a message's text is applied once, here,
/// whoever asks: a screen, a script or a stranger's request to a server.
public struct OutgoingMessage: Equatable, Sendable {
    package let text: String
    package let kind: Message.Kind
    /// The id of a message of the same room this one answers (`/reply`), if any.
    package let replyTo: Int?
    /// The sender's own name for this message (a client's request key). Sent again with the
    /// same key, by the same user, a store keeps nothing new and returns the message the first
    /// send kept: a retry after a lost reply, even to a restarted server, is safe.
    package let key: String?

    /// A message of `text`, checked by `Message.check`.
    /// - Throws: `StoreError.emptyMessage`, `.messageTooLong` or `.controlCharacter`.
    public init(_ text: String, kind: Message.Kind = .text, replyingTo replyTo: Int? = nil, key: String? = nil) throws {
        try Message.check(text)
        self.text = text
        self.kind = kind
        self.replyTo = replyTo
        self.key = key
    }

    /// A new key: 128 random bits in hex, from the system's random generator (Foundation's
    /// `UUID` opens and reads /dev/urandom each time, three system calls a message).
    package static func newKey() -> String {
        var generator = SystemRandomNumberGenerator()
        let bits = (generator.next() as UInt64, generator.next() as UInt64)
        return hex(bits.0) + hex(bits.1)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether it says the same as `other`, whatever the keys: the same words, kind and answer.
    package func saysTheSame(as other: OutgoingMessage) -> Bool {
        text == other.text && kind == other.kind && replyTo == other.replyTo
    }
}
