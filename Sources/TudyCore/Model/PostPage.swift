/// Which stretch of a board query's answer to read: at most `limit` posts, newest first,
/// older than `before` when it is given. The board is read a page at a time so that no
/// number of posts makes a reply, or a screen, unbounded.
public struct PostPage: Equatable, Sendable {
    /// Posts a board screen shows at once; `/more` shows the next page.
    package static let size = 50
    /// The newest page.
    public static let newest = PostPage(before: nil, limit: size)

    /// Only posts with a smaller id; nil for the newest.
    public var before: Int?
    public var limit: Int

    public init(before: Int?, limit: Int) {
        self.before = before
        self.limit = limit
    }

    /// The page after one whose oldest post was `oldest`.
    package static func older(than oldest: Int) -> PostPage {
        PostPage(before: oldest, limit: size)
    }

    /// Whether a post falls in the page's stretch of ids (its limit is the store's to apply).
    package func admits(_ id: Int) -> Bool {
        before.map { id < $0 } ?? true
    }
}
