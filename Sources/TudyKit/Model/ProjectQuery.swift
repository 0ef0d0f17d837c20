/// Which posts the board asks the store for.
public enum ProjectQuery: Equatable, Sendable {
    /// Every post.
    case all
    /// Posts whose title or body holds every one of the words, case-insensitively.
    case words(String)
    /// Posts that recruit for this work tag.
    case work(String)

    /// What a `.words` search looks in, as every store keeps and indexes it: the title and
    /// the body, folded (`CaseFolding.search`, so that `ПРИВЕТ` finds `привет`), a line apart
    /// (so that no word spans the two).
    package static func searchText(title: String, body: String) -> String {
        CaseFolding.search(title + "\n" + body)
    }

    /// The folded words a `.words` search must all find, each once.
    package static func searchWords(_ text: String) -> [String] {
        MessageSearch.words(text)
    }

    /// Refuses a search past `MessageSearch`'s bounds. - Throws: `StoreError.searchTooLong`.
    package func check() throws {
        if case .words(let text) = self { try MessageSearch.check(MessageSearch.words(typed: [text])) }
    }

    /// Whether a post answers this query.
    package func matches(_ project: Project) -> Bool {
        switch self {
        case .all:
            return true
        case .words(let text):
            let haystack = Self.searchText(title: project.title, body: project.body)
            return Self.searchWords(text).allSatisfy { CaseFolding.holds(haystack, $0) }
        case .work(let tag):
            return project.works.contains(tag.lowercased())
        }
    }
}
