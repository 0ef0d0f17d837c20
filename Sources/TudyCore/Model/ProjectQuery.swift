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

    /// Whether a post answers this query, given the post and its `searchText`: the query is
    /// folded once, however many posts it is asked of.
    package func matcher() -> (_ project: Project, _ searchText: String) -> Bool {
        switch self {
        case .all:
            return { _, _ in true }
        case .words(let text):
            let words = Self.searchWords(text)
            return { _, searchText in words.allSatisfy { CaseFolding.holds(searchText, $0) } }
        case .work(let tag):
            let tag = tag.lowercased()
            return { project, _ in project.works.contains(tag) }
        }
    }
}
