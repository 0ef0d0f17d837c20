/// Proof that a user logged in: what a store gives at sign-up and log-in, and takes back on
/// every call made as that user.
///
/// A store never takes a bare name as the actor: it finds the user from the token, which it
/// keeps only as a hash, and refuses one it did not give or that has expired.
public struct Session: Hashable, Sendable, CustomStringConvertible {
    /// The user the store found for the token.
    public let user: User
    /// The secret that names this session to its store; never shown or logged.
    public let token: SessionToken

    public init(user: User, token: SessionToken) {
        self.user = user
        self.token = token
    }

    /// The user only: a session printed in a log or a test failure never shows its token.
    public var description: String { "session of \(user.name)" }
}
