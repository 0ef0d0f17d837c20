import TudyCore

/// Fits a command prompt to the window, so that it never wraps: the longest part of the path
/// (a long search query, say) gives way first, cut short with `…`.
package enum PromptFit {
    /// Columns left free for typing after the prompt.
    static let typingRoom = 20

    /// - Parameters:
    ///   - parts: the path's parts, joined with ` > `.
    ///   - tail: what follows the path, kept whole: `  alice [2 unread]> `.
    ///   - width: the window's width, or nil when there is no window (a script's prompt).
    package static func prompt(parts: [String], tail: String, width: Int?) -> String {
        var parts = parts
        func text() -> String { parts.joined(separator: " > ") + tail }
        guard let width else { return text() }
        let limit = max(width - typingRoom, 20)
        while DisplayWidth.of(text()) > limit {
            let widths = parts.map(DisplayWidth.of)
            guard let longest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[longest] > 1 else { break }
            let over = DisplayWidth.of(text()) - limit
            parts[longest] = DisplayWidth.shortened(parts[longest], to: max(widths[longest] - over, 1))
        }
        return text()
    }
}
