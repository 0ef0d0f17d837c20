/// `/find`: how a query becomes words and which messages hold them, the one rule every store
/// applies. Text is compared folded (lower-cased in every script), and a word is found inside
/// a longer one, so that `반갑` finds `반갑습니다` and `É` finds `é`.
public enum MessageSearch {
    /// The most messages one search returns.
    public static let limit = 50
    /// Words this long or longer are looked up in an index (a SQLite trigram index); shorter
    /// ones are matched in the user's rooms' messages one by one.
    public static let indexedWordLength = 3

    /// The text as it is compared and indexed.
    public static func folded(_ text: String) -> String {
        text.lowercased()
    }

    /// The query's words, folded, each once, in the order typed.
    public static func words(_ query: String) -> [String] {
        var seen: Set<String> = []
        return folded(query).split(whereSeparator: \.isWhitespace).map(String.init).filter { seen.insert($0).inserted }
    }

    /// Whether a message's text holds every word (folded, as `words` gives them).
    public static func matches(_ text: String, _ words: [String]) -> Bool {
        let haystack = folded(text)
        return !words.isEmpty && words.allSatisfy { haystack.contains($0) }
    }

    /// A SQL `LIKE` pattern (escape character `\`) that matches text holding `word`, with
    /// `%`, `_` and `\` in the word taken literally.
    public static func likePattern(_ word: String) -> String {
        let escaped = word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        return "%" + escaped + "%"
    }
}
