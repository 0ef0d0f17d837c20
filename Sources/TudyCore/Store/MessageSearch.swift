/// `/find`: how a query becomes words and which messages hold them, the one rule every store
/// applies. Text is compared folded (`CaseFolding.search`), and a word is found inside a
/// longer one, so that `반갑` finds `반갑습니다` and `É` finds `é`.
package enum MessageSearch {
    /// The most messages one search returns.
    package static let limit = 50
    /// Words this long or longer are looked up in an index (a SQLite trigram index); shorter
    /// ones are matched in the user's rooms' messages one by one.
    package static let indexedWordLength = 3

    /// The most words one search holds, each once: every word is a pattern matched against
    /// each row the search reads.
    package static let maximumWords = 10
    /// The most characters of a search's words in all.
    package static let maximumCharacters = 200

    /// Refuses a search past its bounds, before a store reads anything for it.
    /// - Throws: `StoreError.searchTooLong`.
    package static func check(_ words: [String]) throws {
        guard words.count <= maximumWords, words.reduce(0, { $0 + $1.count }) <= maximumCharacters else {
            throw StoreError.searchTooLong
        }
    }

    /// The query's words, folded, each once, in the order typed.
    package static func words(_ query: String) -> [String] {
        var seen: Set<String> = []
        return CaseFolding.search(query).split(whereSeparator: \.isWhitespace).map(String.init).filter { seen.insert($0).inserted }
    }

    /// The words of a search sent as typed (a client may send them unsplit), refused at once
    /// when their bytes alone are past what `check` would take, before anything folds them.
    /// - Throws: `StoreError.searchTooLong`.
    package static func words(typed: [String]) throws -> [String] {
        // A character of a bounded search is at most a few scalars of 4 bytes (marks are
        // bounded too), and spaces between words: anything longer is refused unread.
        guard typed.count <= maximumCharacters, typed.reduce(0, { $0 + $1.utf8.count + 1 }) <= maximumCharacters * 16 else {
            throw StoreError.searchTooLong
        }
        return words(typed.joined(separator: " "))
    }

    /// Whether a message's text, folded (`CaseFolding.search`), holds every word (folded, as
    /// `words` gives them).
    package static func matches(folded haystack: String, _ words: [String]) -> Bool {
        !words.isEmpty && words.allSatisfy { CaseFolding.holds(haystack, $0) }
    }

    /// A SQL `LIKE` pattern (escape character `\`) that matches text holding `word`, with
    /// `%`, `_` and `\` in the word taken literally.
    package static func likePattern(_ word: String) -> String {
        let escaped = word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
            .replacingOccurrences(of: "_", with: "\\_")
        return "%" + escaped + "%"
    }
}
