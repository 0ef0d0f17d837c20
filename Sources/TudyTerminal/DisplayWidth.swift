import TudyCore

/// How many terminal columns text takes: East Asian Wide and Fullwidth characters
/// (Hangul, CJK, as Unicode's EastAsianWidth.txt says) and emoji shown as pictures take two,
/// combining marks none, the rest one.
package enum DisplayWidth {
    /// The start of `text` and `…`, in at most `columns` columns.
    static func shortened(_ text: String, to columns: Int) -> String {
        var kept = ""
        var used = 0
        for character in text {
            let width = of(character)
            guard used + width <= columns - 1 else { break }
            kept.append(character)
            used += width
        }
        return kept + "…"
    }

    package static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    package static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.isASCII && character.unicodeScalars.count == 1 { return 1 }
        if character.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0 == "\u{FE0F}" }) {
            return 2
        }
        if isWide(first.value) { return 2 }
        switch first.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: return 1
        }
    }

    /// East Asian Width W or F, from Unicode's data (`WideCharacters`, by `scripts/unicode-width`).
    static func isWide(_ value: UInt32) -> Bool {
        let ranges = WideCharacters.ranges
        guard value >= ranges[0].lowerBound else { return false }
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if value < ranges[middle].lowerBound {
                high = middle - 1
            } else if value > ranges[middle].upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
