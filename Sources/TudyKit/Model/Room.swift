/// A chat room: a 1:1 room of two people, or a group room.
public struct Room: Equatable, Sendable, Identifiable {
    /// Whether a room is between two people or a group.
    public enum Kind: String, Equatable, Sendable {
        case direct
        case group
    }

    public let id: Int
    public let kind: Kind
    /// The people who are in the room now, in the order they joined.
    public var members: [User]

    public init(id: Int, kind: Kind, members: [User]) {
        self.id = id
        self.kind = kind
        self.members = members
    }

    /// Whether this person is in the room.
    public func hasMember(_ user: User) -> Bool {
        members.contains { $0.isNamed(user.name) }
    }

    /// How the room is named for one of its members: `@bob` for a 1:1 room, `group #4` for a group.
    public func title(for viewer: User) -> String {
        switch kind {
        case .direct:
            let other = members.first { !$0.isNamed(viewer.name) } ?? viewer
            return "@" + other.name
        case .group:
            return "group #\(id)"
        }
    }
}
