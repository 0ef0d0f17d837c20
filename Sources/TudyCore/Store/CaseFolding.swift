import Foundation

/// Case folding in every script, whichever way a text's characters were typed: the one rule
/// by which every store compares names, and searches messages and posts.
///
/// A text is normalized, upper- and then lower-cased (which folds `ß` with `ss`, `ς` with `σ`
/// and `ﬁ` with `fi`, as Unicode's full case folding does), and normalized again, since a case
/// mapping may leave a letter decomposed. ASCII and Hangul syllables need none of that but
/// lower case.
package enum CaseFolding {
    /// A name as names are compared: canonical forms only (NFC), so that `zoé` typed either
    /// way is one name, while names that only look alike stay apart.
    package static func name(_ text: String) -> String {
        folded(text) { $0.precomposedStringWithCanonicalMapping }
    }

    /// Text as search compares and indexes it: compatibility forms too (NFKC), so that a
    /// full-width `ＩＯＳ` finds `ios`, and Korean typed as separate letters finds the
    /// syllables they make.
    package static func search(_ text: String) -> String {
        folded(text) { $0.precomposedStringWithCompatibilityMapping }
    }

    /// Whether folded text holds a folded word: code point by code point, as SQL's `LIKE` and a
    /// trigram index compare, so that every store finds the same (`👍` inside `👍🏽` too).
    package static func holds(_ text: String, _ word: String) -> Bool {
        var (text, word) = (text, word)
        return text.withUTF8 { text in word.withUTF8 { ByteSearch.contains(text, $0) } }
    }

    /// Whether two texts fold alike, found without folding either when both are of the common
    /// cases (which fold alike by every rule here); nil when one is not.
    package static func foldAlikeByLowerCase(_ one: String, _ other: String) -> Bool? {
        guard isFoldedByLowerCase(one), isFoldedByLowerCase(other) else { return nil }
        return one.utf8.count == other.utf8.count
            && zip(one.utf8, other.utf8).allSatisfy { asciiLowerCase($0) == asciiLowerCase($1) }
    }

    private static func folded(_ text: String, normalizing normalize: (String) -> String) -> String {
        if isFoldedByLowerCase(text) { return text.lowercased() }
        return normalize(normalize(text).uppercased().lowercased())
    }

    /// The common cases, kept cheap: ASCII, and Korean written in syllables, which have no
    /// case and no other form, fold by (ASCII's) lower case alone.
    private static func isFoldedByLowerCase(_ text: String) -> Bool {
        text.utf8.allSatisfy({ $0 < 0x80 }) || text.unicodeScalars.allSatisfy(isASCIIOrHangulSyllable)
    }

    private static func asciiLowerCase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private static func isASCIIOrHangulSyllable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII || (0xAC00...0xD7A3).contains(scalar.value)
    }
}
