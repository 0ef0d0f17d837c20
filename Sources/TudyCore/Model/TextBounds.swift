/// A bound every text a person hands tudy keeps, whatever its field: a few marks (accents,
/// vowel signs) on each character. Unicode puts no bound on them, and a character carrying
/// thousands, in the reverse of their canonical order, makes normalization and case folding
/// cost the square of its length; with a few, every check and fold costs what the length says.
///
/// The scan looks at code points only (no normalization, no grapheme breaking, no hashing of
/// the text, each of which would pay the cost it guards against), once, in order.
package enum TextBounds {
    /// The most marks one character carries: Vietnamese needs two, the stacked vowel signs of
    /// Tibetan or Devanagari a few more; text with more is made to cost, not to be read.
    package static let marksPerCharacter = 8

    /// Whether no character of `text` carries more than `marksPerCharacter` marks.
    package static func marksAreFew(in text: String) -> Bool {
        var run = 0
        for scalar in text.unicodeScalars {
            // Below U+0300 no code point is a mark: ASCII and Latin-1 pass at once.
            guard scalar.value >= 0x300, isMark(scalar) else {
                run = 0
                continue
            }
            run += 1
            if run > marksPerCharacter { return false }
        }
        return true
    }

    /// Refuses text with too many marks on a character. - Throws: `StoreError.tooManyMarks`.
    package static func check(_ text: String) throws {
        guard marksAreFew(in: text) else { throw StoreError.tooManyMarks }
    }

    /// A mark, or any code point normalization reorders (a combining class other than 0).
    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        switch properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return properties.canonicalCombiningClass != .notReordered
        }
    }
}
