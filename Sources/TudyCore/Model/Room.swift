import Foundation

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
    /// The most characters a room's name has (`/rename`).
    package static let nameLimit = 64
    /// The most characters a room's topic has (`/topic`).
    package static let topicLimit = 200

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
    /// What the room is about now (`/topic`), if anyone said.
    package var topic: String?
    /// The notice pinned to the room (`/notice`), with who has read it.
    package var notice: RoomNotice?
    /// The focus/break timer the room runs (`/timer`), if one was started and not stopped.
    package var timer: StudyTimer?
    /// The sessions the room holds (`/session`), in the order they were added, with who is coming.
    package var sessions: [StudySession] {
        get { heldSessions ?? [] }
        set { heldSessions = newValue.isEmpty ? nil : newValue }
    }
    /// `sessions`, nil for none: a room without any says nothing of them (in JSON too).
    private var heldSessions: [StudySession]?

    enum CodingKeys: String, CodingKey {
        case id, kind, members, departed, name, topic, notice, timer
        case heldSessions = "sessions"
        case projectID = "project_id"
    }

    public init(
        id: Int, kind: Kind, members: [User], departed: [User] = [], name: String? = nil, projectID: Int? = nil, topic: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.members = members
        self.departed = Array(departed.suffix(Self.departedLimit))
        self.name = name
        self.projectID = projectID
        self.topic = topic
    }

    /// Whether a member sees the room changed: who is in it, its name, its topic, its notice or its timer.
    package func looksDifferent(from other: Room) -> Bool {
        members != other.members || name != other.name || topic != other.topic || notice != other.notice || timer != other.timer || sessions != other.sessions
    }

    /// A name as a room keeps it (`/rename`): trimmed, 1 to `nameLimit` characters of one line.
    /// - Throws: `StoreError.invalidRoomName`.
    package static func checkedName(_ text: String) throws -> String {
        try TextBounds.check(text)
        let name = text.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, name.count <= nameLimit else {
            throw StoreError.invalidRoomName("a room's name has 1 to \(nameLimit) characters")
        }
        try checkOneLine(name, as: StoreError.invalidRoomName)
        return name
    }

    /// A topic as a room keeps it (`/topic`): trimmed, one line of at most `topicLimit`
    /// characters; nil for an empty one, which clears it. - Throws: `StoreError.invalidTopic`.
    package static func checkedTopic(_ text: String) throws -> String? {
        try TextBounds.check(text)
        let topic = text.trimmingCharacters(in: .whitespaces)
        guard topic.count <= topicLimit else {
            throw StoreError.invalidTopic("a topic has at most \(topicLimit) characters: shorten it")
        }
        try checkOneLine(topic, as: StoreError.invalidTopic)
        return topic.isEmpty ? nil : topic
    }

    private static func checkOneLine(_ text: String, as error: (String) -> StoreError) throws {
        if let control = text.unicodeScalars.first(where: { $0 == "\n" || $0 == "\t" || ControlCharacters.isRefused($0) }) {
            throw error("it must be one line with no control characters (\(ControlCharacters.name(control)) here)")
        }
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
        notice?.readBy.removeAll { $0.isNamed(user.name) }
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

    /// `Swift study · alice, bob · topic: chapter 3`: the room's header.
    package func header(for viewer: User) -> String {
        [title(for: viewer), memberList, topic.map { "topic: " + $0 }].compactMap { $0 }.joined(separator: " · ")
    }

    /// `alice, bob; carol left`
    package var memberList: String {
        memberList(online: [])
    }

    /// `alice (online), bob; carol left`: the members connected now marked, by name.
    package func memberList(online: Set<String>) -> String {
        let present = members.map { member in
            online.contains { member.isNamed($0) } ? member.name + " (online)" : member.name
        }.joined(separator: ", ")
        guard !departed.isEmpty else { return present }
        return present + "; " + departed.map(\.name).joined(separator: ", ") + " left"
    }
}
