import TudyCore

/// What the live feed hands on, as a value: a change of the store, or news of the feed and
/// its connection, each a case of its own so that no one tells them apart by their words.
enum LiveNews: Equatable, Sendable {
    /// Something changed in the store for the user.
    case change(StoreChange)
    /// The store's connection was lost or is back, as the store says it: news to a guest too.
    case connection(ConnectionReport)
    /// The store's change stream ended on its own; the feed follows it again.
    case streamEnded
    /// The stream ended with the session: a logout elsewhere, its 30 days past, or a server
    /// that keeps its store in memory started afresh. The store does not say which.
    case sessionEnded
    /// A room's timer may be in its next phase: the clock, not the store, has news.
    case timerDue

    /// What the person is told of news of the feed itself; nil for a change of the store.
    var notice: String? {
        switch self {
        case .change, .timerDue: nil
        case .connection(let report): report.line
        case .streamEnded: "the store stopped telling tudy of new messages: following it again"
        case .sessionEnded: "the store no longer knows your login (a /logout elsewhere, 30 days past, or a server started afresh): /login again"
        }
    }

    /// News of the connection, which stands whoever is logged in.
    var isConnectionReport: Bool {
        if case .connection = self { true } else { false }
    }
}
