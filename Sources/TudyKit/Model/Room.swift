/// A chat room: a 1:1 room of two people, or a group room.
public struct Room: Equatable, Sendable, Identifiable, Codable {
    /// Whether a room is between two people or a group.
    public enum Kind: String, Equatable, Sendable, Codable {
        case direct
        case group
    }

    /// The most people a group room holds at once: a study group, not a crowd.
    package static let memberLimit = 100
    /// The most rooms one person is in at once: nobody can be put in rooms without end (each
    /// is a line of their room list and a stream of notices), and one must leave a room first.
    package static let roomsPerPersonLimit = 500
    /// The most of those who left that a room names, the latest: a room people come and go
    /// through for years is not a list without end in every reply and every header.
    package static let departedLimit = 20

    public let id: Int
    public let kind: Kind
    /// The people who are in the room now, in the order they joined.
    public var members: [User]
    /// The people who were members and left: the latest `departedLimit` of them.
    public var departed: [User]
    /// The room's own name, for a group room that has one: a post's study room is named
    /// after the post.
    public var name: String?
    /// The post whose study room this is (`/join`), while the post is there.
    package var projectID: Int?

    enum CodingKeys: String, CodingKey {
        case id, kind, members, departed, name
        case projectID = "project_id"
    }

    public init(id: Int, kind: Kind, members: [User], departed: [User] = [], name: String? = nil, projectID: Int? = nil) {
        self.id = id
        self.kind = kind
        self.members = members
        self.departed = Array(departed.suffix(Self.departedLimit))
        self.name = name
        self.projectID = projectID
    }

    /// Puts someone in the room, whether new or coming back.
    package mutating func admit(_ user: User) {
        departed.removeAll { $0.isNamed(user.name) }
        if !hasMember(user) { members.append(user) }
    }

    /// Takes someone out of the room; they are remembered as departed.
    package mutating func remove(_ user: User) {
        guard let index = members.firstIndex(where: { $0.isNamed(user.name) }) else { return }
        departed.append(members.remove(at: index))
        departed = Array(departed.suffix(Self.departedLimit))
    }

    /// Whether this person is in the room.
    package func hasMember(_ user: User) -> Bool {
        members.contains { $0.isNamed(user.name) }
    }

    /// How the room is named for one of its members: `@bob` for a 1:1 room, its name or
    /// `group #4` for a group.
    package func title(for viewer: User) -> String {
        switch kind {
        case .direct:
            let other = (members + departed).first { !$0.isNamed(viewer.name) } ?? viewer
            return "@" + other.name
        case .group:
            return name ?? "group #\(id)"
        }
    }

    /// `alice, bob; carol left`
    package var memberList: String {
        let present = members.map(\.name).joined(separator: ", ")
        guard !departed.isEmpty else { return present }
        return present + "; " + departed.map(\.name).joined(separator: ", ") + " left"
    }
}
