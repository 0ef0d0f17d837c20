import Foundation

/// What anyone may learn of a user by name (`/whois`): the name as they chose it, and the
/// day they joined; nil for an account made before a store kept that day.
public struct UserProfile: Equatable, Sendable {
    public let user: User
    public let joinedAt: Date?

    public init(user: User, joinedAt: Date?) {
        self.user = user
        self.joinedAt = joinedAt
    }
}
