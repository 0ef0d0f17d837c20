import Foundation

/// The sessions a store in memory has given: token hashes only, each with its user and expiry.
struct SessionBook: Sendable {
    private var entries: [String: (userKey: String, expiresAt: Date)] = [:]

    /// A new session for `user`, lasting `SessionToken.lifetime` from `now`.
    mutating func open(for user: User, now: Date) -> Session {
        let token = SessionToken.random()
        entries[token.hash] = (Accounts.key(user.name), now.addingTimeInterval(SessionToken.lifetime))
        return Session(user: user, token: token)
    }

    /// The key of the user whose session this is. - Throws: `StoreError.sessionEnded` for a
    /// token this store did not give, one that was closed, or one past its expiry.
    func userKey(of token: SessionToken, now: Date) throws -> String {
        guard let entry = entries[token.hash], entry.expiresAt > now else { throw StoreError.sessionEnded }
        return entry.userKey
    }

    mutating func close(_ token: SessionToken) {
        entries[token.hash] = nil
    }
}
