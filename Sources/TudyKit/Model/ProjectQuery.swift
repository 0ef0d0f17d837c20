/// Which posts the board asks the store for.
public enum ProjectQuery: Equatable, Sendable {
    /// Every post.
    case all
    /// Posts whose title or body holds every one of the words, case-insensitively.
    case words(String)
    /// Posts that recruit for this work tag.
    case work(String)

    /// Whether a post answers this query.
    public func matches(_ project: Project) -> Bool {
        switch self {
        case .all:
            return true
        case .words(let text):
            let haystack = (project.title + "\n" + project.body).lowercased()
            return text.lowercased().split(whereSeparator: \.isWhitespace)
                .allSatisfy { haystack.contains($0) }
        case .work(let tag):
            return project.works.contains(tag.lowercased())
        }
    }
}
