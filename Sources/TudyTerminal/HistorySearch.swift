import TudyCore

/// Ctrl-R: a search backwards through the history, narrowed as each key is typed, as in bash
/// and WeeChat. Case is ignored.
package struct HistorySearch: Equatable, Sendable {
    /// The history, newest first.
    private let entries: [String]
    /// The line as it was before the search, put back when it is cancelled.
    package let original: String
    /// What is searched for.
    package private(set) var query = ""
    /// Where in `entries` the match shown is.
    private var index: Int?
    /// Whether the last key found nothing: the match before it stays shown.
    package private(set) var failed = false

    /// - Parameters:
    ///   - entries: the history, newest first.
    ///   - original: the line being typed when the search began.
    package init(entries: [String], original: String) {
        self.entries = entries
        self.original = original
    }

    /// The line shown: the match, or the original line while nothing matched.
    package var line: String {
        index.map { entries[$0] } ?? original
    }

    /// Shown in place of the prompt while searching.
    package var prompt: String {
        "(\(failed ? "failed " : "")reverse-i-search)`\(query)': "
    }

    /// A key typed: the query grows, and the newest match at or before the one shown is found.
    package mutating func type(_ text: String) {
        query += text
        find(from: index ?? 0)
    }

    /// Ctrl-R again: the next older match that reads differently from the one shown.
    package mutating func older() {
        guard !query.isEmpty else { return }
        find(from: (index ?? -1) + 1, skipping: line)
    }

    /// Backspace: the query shrinks, and the search starts again from the newest entry.
    package mutating func erase() {
        guard !query.isEmpty else { return }
        query.removeLast()
        index = nil
        failed = false
        if !query.isEmpty { find(from: 0) }
    }

    private mutating func find(from start: Int, skipping shown: String? = nil) {
        let wanted = query.lowercased()
        guard start < entries.count,
              let found = entries[start...].firstIndex(where: { $0 != shown && $0.lowercased().contains(wanted) })
        else {
            failed = true
            return
        }
        index = found
        failed = false
    }
}
