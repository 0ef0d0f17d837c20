import Foundation

/// A session's secret: 256 random bits, written as 43 characters of unpadded base64url.
public struct SessionToken: Hashable, Sendable, CustomStringConvertible {
    /// How long a session lasts after it is made.
    package static let lifetime: TimeInterval = 30 * 24 * 60 * 60

    /// The token as a client sends it.
    public let text: String
    /// What a store keeps instead of the token: its SHA-256, in hex (libmd's). A token is
    /// random, so a fast hash is enough; nobody can turn a stolen hash back into a token.
    /// Worked out once, since every request of a session looks its session up by it.
    package let hash: String

    public init(text: String) {
        self.text = text
        hash = SHA256.hex(text)
    }

    /// A new token from the system's secure random source.
    package static func random() -> SessionToken {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let base64 = Data(bytes).base64EncodedString()
        return SessionToken(text: String(base64.prefix(43))
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))
    }

    /// Never the secret itself.
    public var description: String { "session token" }
}
