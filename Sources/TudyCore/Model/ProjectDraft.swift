/// What a writer fills in for a post: checked by the store before it is kept.
public struct ProjectDraft: Equatable, Sendable, Codable {
    public var title: String
    public var works: [String]
    public var capacity: Int
    public var body: String

    enum CodingKeys: String, CodingKey {
        case title, works, capacity, body
    }

    public init(title: String, works: [String], capacity: Int, body: String) {
        self.title = title
        self.works = works
        self.capacity = capacity
        self.body = body
    }

    /// Capacities a study group may ask for.
    package static let capacityRange = 2...99
    /// The longest title the board shows.
    package static let maximumTitleLength = 120
    /// The longest body a post holds, as long as a message.
    package static let maximumBodyLength = Message.maximumLength

    /// Whether its texts keep `TextBounds`, looked at before any other rule.
    private var marksAreFew: Bool {
        ([title, body] + works).allSatisfy(TextBounds.marksAreFew)
    }

    /// The reason this draft can not be kept, or nil when it can.
    package var problem: String? {
        if !marksAreFew { return StoreError.tooManyMarks.message }
        if let control = ([title, body] + works).lazy.compactMap(ControlCharacters.firstRefused).first {
            return "a post can not hold control characters (\(control) here): take it out; tab and newline are kept"
        }
        let trimmedTitle = title.trimmingCharacters(in: .whitespaces)
        if trimmedTitle.isEmpty { return "a post needs a title" }
        if trimmedTitle.count > Self.maximumTitleLength {
            return "a title has at most \(Self.maximumTitleLength) characters"
        }
        if works.isEmpty { return "a post needs at least one work tag, e.g. ios or backend" }
        if let bad = works.first(where: { !WorkTag.isValid($0) }) {
            return "work tag '\(bad)' may hold only letters, digits, '-' and '_'"
        }
        if !Self.capacityRange.contains(capacity) {
            return "capacity must be a number from \(Self.capacityRange.lowerBound) to \(Self.capacityRange.upperBound)"
        }
        if body.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return "a post needs a body" }
        if body.count > Self.maximumBodyLength { return "a body has at most \(Self.maximumBodyLength) characters" }
        return nil
    }

    /// The rule every store applies to a draft, before anything else.
    /// - Throws: `StoreError.tooManyMarks` or `.invalidDraft`.
    package func check() throws {
        guard marksAreFew else { throw StoreError.tooManyMarks }
        if let problem { throw StoreError.invalidDraft(problem) }
    }
}
