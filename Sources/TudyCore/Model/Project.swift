import Foundation

/// A recruitment post on the Home board.
public struct Project: Equatable, Sendable, Identifiable, Codable {
    public let id: Int
    public var title: String
    /// Work tags the post recruits for, lower-cased, e.g. `ios`, `backend`.
    public var works: [String]
    /// How many people the study group wants, the writer included.
    public var capacity: Int
    public var body: String
    public let writer: User
    public var isOpen: Bool
    public let createdAt: Date
    /// How many are in the post's study group: the writer alone until someone joins, then
    /// the members of its study room.
    public var memberCount: Int
    /// The post's study room, once someone has joined it (`/join`).
    package var roomID: Int?

    enum CodingKeys: String, CodingKey {
        case id, title, works, capacity, body, writer
        case isOpen = "is_open"
        case createdAt = "created_at"
        case memberCount = "members"
        case roomID = "room_id"
    }

    public init(
        id: Int, title: String, works: [String], capacity: Int, body: String,
        writer: User, isOpen: Bool, createdAt: Date, memberCount: Int = 1, roomID: Int? = nil
    ) {
        self.id = id
        self.title = title
        self.works = works
        self.capacity = capacity
        self.body = body
        self.writer = writer
        self.isOpen = isOpen
        self.createdAt = createdAt
        self.memberCount = memberCount
        self.roomID = roomID
    }

    /// A post as a server sends it; one from before study rooms has its writer alone.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(Int.self, forKey: .id), title: try container.decode(String.self, forKey: .title),
            works: try container.decode([String].self, forKey: .works), capacity: try container.decode(Int.self, forKey: .capacity),
            body: try container.decode(String.self, forKey: .body), writer: try container.decode(User.self, forKey: .writer),
            isOpen: try container.decode(Bool.self, forKey: .isOpen), createdAt: try container.decode(Date.self, forKey: .createdAt),
            memberCount: try container.decodeIfPresent(Int.self, forKey: .memberCount) ?? 1,
            roomID: try container.decodeIfPresent(Int.self, forKey: .roomID))
    }

    /// Whether the study group has all the people it wants.
    package var isFull: Bool { memberCount >= capacity }

    /// The fields a writer fills in, as they stand now.
    package var draft: ProjectDraft {
        ProjectDraft(title: title, works: works, capacity: capacity, body: body)
    }
}

extension Project {
    /// The most posts one person writes in `postingWindow`: a board of a few a day is read,
    /// one of 1,500 in ten seconds (which made every search cost half a second) is not.
    package static let postsPerWindow = 20
    /// The time over which `postsPerWindow` counts: an hour.
    package static let postingWindow: TimeInterval = 3600

    /// The rule every store applies before a new post: `recent` is how many the writer wrote
    /// since `now - postingWindow`. - Throws: `StoreError.tooManyPosts`.
    package static func checkPostingRate(recent: Int) throws {
        guard recent < postsPerWindow else { throw StoreError.tooManyPosts }
    }
}
