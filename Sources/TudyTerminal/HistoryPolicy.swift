import TudyCore

/// Which typed lines the interactive history keeps.
package enum HistoryPolicy {
    /// The most lines the history file keeps.
    package static let limit = 1000

    /// The entry to keep for a line typed at the command prompt, or nil: blank lines and a
    /// repeat of the previous entry are not kept, and trailing spaces (as completion leaves) are dropped.
    /// Password lines never come here: they are read apart from the editor.
    package static func entry(for line: String, previous: String?) -> String? {
        var trimmed = Substring(line)
        while trimmed.last?.isWhitespace == true { trimmed.removeLast() }
        guard !trimmed.allSatisfy(\.isWhitespace), String(trimmed) != previous else { return nil }
        return String(trimmed)
    }
}
