import TudyCore

/// The pages of one board query as a screen shows them: the newest page, then on each `/more`
/// the page below the oldest post shown.
@MainActor
final class BoardPages {
    let query: ProjectQuery
    /// The oldest post shown so far; nil before the first page.
    private(set) var oldestShown: Int?
    /// Whether the store holds posts older than the oldest shown.
    private(set) var hasOlder = false

    init(query: ProjectQuery) {
        self.query = query
    }

    /// The newest page, starting over.
    func newest(from store: any ChatStore) async throws -> [Project] {
        try await read(PostPage.newest, from: store)
    }

    /// The page below the oldest post shown; nil when there is none older.
    func older(from store: any ChatStore) async throws -> [Project]? {
        guard hasOlder, let oldestShown else { return nil }
        return try await read(.older(than: oldestShown), from: store)
    }

    /// Reads one post more than a page holds, only to learn whether there is an older page.
    private func read(_ page: PostPage, from store: any ChatStore) async throws -> [Project] {
        let posts = try await store.projects(query, page: PostPage(before: page.before, limit: page.limit + 1))
        hasOlder = posts.count > page.limit
        let shown = Array(posts.prefix(page.limit))
        oldestShown = shown.last?.id ?? oldestShown
        return shown
    }
}
