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

    enum CodingKeys: String, CodingKey {
        case id, title, works, capacity, body, writer
        case isOpen = "is_open"
        case createdAt = "created_at"
    }

    public init(
        id: Int, title: String, works: [String], capacity: Int, body: String,
        writer: User, isOpen: Bool, createdAt: Date
    ) {
        self.id = id
        self.title = title
        self.works = works
        self.capacity = capacity
        self.body = body
        self.writer = writer
        self.isOpen = isOpen
        self.createdAt = createdAt
    }

    /// The fields a writer fills in, as they stand now.
    package var draft: ProjectDraft {
        ProjectDraft(title: title, works: works, capacity: capacity, body: body)
    }
}
