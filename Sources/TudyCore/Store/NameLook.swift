import Foundation

/// How a name looks, so that two accounts never look alike: `аlice` with a Cyrillic `а`, a
/// full-width `ａｌｉｃｅ`, a mathematical `𝖺𝗅𝗂𝖼𝖾` or `ΗΕΝRΥ` in Greek capitals is not
/// another person beside `alice` or `henry`.
///
/// A look is built from the confusable skeletons of Unicode TS #39 (`ConfusableSkeleton`) of
/// the name as it is written (after NFKC), since a name is shown as its owner wrote it and a
/// letter may pass for a Latin one only in one case: Greek `Ν` passes for `N` and `ν` for
/// `v`; Cyrillic `В` for `B`, and `в` for the small capital `ʙ`. A capital beyond ASCII takes
/// its skeleton (the Latin capital's that has it); another letter beyond ASCII its own if that
/// is plain Latin, else its capital's if that is, else its own with small capitals read as the
/// letters they are. The whole is case-folded (`CaseFolding.search`), given its skeleton
/// again, for what passes for several letters (`m` for `rn`), and folded once more, since a
/// prototype may be a capital (`0` passes for `O`, and so for `o`). A name that mixes scripts
/// not used together (`scriptsMixed`) is refused before it is looked at.
package enum NameLook {
    /// The look of a name: equal for names that look alike.
    package static func of(_ name: String) -> String {
        var letters = ""
        for scalar in name.precomposedStringWithCompatibilityMapping.unicodeScalars {
            guard !scalar.isASCII else {
                letters.unicodeScalars.append(scalar)
                continue
            }
            let own = ConfusableSkeleton.of(String(scalar))
            guard !scalar.properties.changesWhenLowercased else {
                letters += latinCapitals[own] ?? own
                continue
            }
            let capital = ConfusableSkeleton.of(String(scalar).uppercased())
            letters += own.isPlainLatin || !capital.isPlainLatin ? smallCapitalsRead(own) : latinCapitals[capital] ?? capital
        }
        return CaseFolding.search(ConfusableSkeleton.of(CaseFolding.search(letters)))
    }

    /// The Latin capitals by their skeletons: a capital that passes for one is read as it,
    /// since a skeleton may be a small letter (`I`'s is `l`) and Greek `ΟΧΙ` passes for `OXI`,
    /// which is the name `oxi`.
    private static let latinCapitals: [String: String] = Dictionary(
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { letter in
            let capital = String(UnicodeScalar(letter))
            return (ConfusableSkeleton.of(capital), capital)
        }
    ) { first, _ in first }

    /// `text` with each Latin small capital (`ᴀ`, `ʙ`) as the lower-case letter it is, by its
    /// Unicode name.
    private static func smallCapitalsRead(_ text: String) -> String {
        let prefix = "LATIN LETTER SMALL CAPITAL "
        var read = ""
        for scalar in text.unicodeScalars {
            if let name = scalar.properties.name, name.hasPrefix(prefix), name.count == prefix.count + 1, let letter = name.last {
                read += letter.lowercased()
            } else {
                read.unicodeScalars.append(scalar)
            }
        }
        return read
    }

    /// The scripts a name mixes that are not used together, named (`Latin and Cyrillic`); nil
    /// when its letters are of one script, or of Latin, Han and Japanese kana, Latin, Han and
    /// Hangul, or Latin, Han and Bopomofo (TS #39's highly restrictive level).
    package static func scriptsMixed(in name: String) -> String? {
        var scripts: [Script] = []
        for scalar in name.unicodeScalars {
            guard let script = Script(scalar), !scripts.contains(script) else { continue }
            scripts.append(script)
        }
        guard scripts.count > 1 else { return nil }
        let used = Set(scripts)
        let together: [Set<Script>] = [[.latin, .han, .hiragana, .katakana], [.latin, .han, .hangul], [.latin, .han, .bopomofo]]
        guard !together.contains(where: used.isSubset(of:)) else { return nil }
        return scripts.map(\.name).joined(separator: " and ")
    }

    /// The script of a letter, by the blocks of the scripts names are written in; nil for a
    /// digit, `.`, `-`, `_` or a mark, which go with any script.
    private enum Script: Hashable {
        case latin, greek, cyrillic, armenian, hebrew, arabic, hangul, han, hiragana, katakana, bopomofo, other

        init?(_ scalar: Unicode.Scalar) {
            let value = scalar.value
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation, .dashPunctuation,
                .otherPunctuation:
                return nil
            default: break
            }
            switch value {
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x250...0x2AF, 0x1D00...0x1DBF, 0x1E00...0x1EFF, 0xFF21...0xFF3A,
                0xFF41...0xFF5A, 0x1D400...0x1D6A5:
                self = .latin
            case 0x370...0x3FF, 0x1F00...0x1FFF, 0x1D6A8...0x1D7CB: self = .greek
            case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: self = .cyrillic
            case 0x530...0x58F: self = .armenian
            case 0x590...0x5FF: self = .hebrew
            case 0x600...0x6FF, 0x750...0x77F, 0x8A0...0x8FF: self = .arabic
            case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xFFA0...0xFFDC: self = .hangul
            case 0x2E80...0x2FDF, 0x3005...0x3007, 0x3021...0x3029, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
                0x20000...0x2FA1F:
                self = .han
            case 0x3040...0x309F: self = .hiragana
            case 0x30A0...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: self = .katakana
            case 0x3100...0x312F, 0x31A0...0x31BF: self = .bopomofo
            default: self = .other
            }
        }

        var name: String {
            switch self {
            case .latin: "Latin"
            case .greek: "Greek"
            case .cyrillic: "Cyrillic"
            case .armenian: "Armenian"
            case .hebrew: "Hebrew"
            case .arabic: "Arabic"
            case .hangul: "Hangul"
            case .han: "Han"
            case .hiragana: "Hiragana"
            case .katakana: "Katakana"
            case .bopomofo: "Bopomofo"
            case .other: "another script"
            }
        }
    }
}

extension String {
    /// Whether every character is an ASCII letter or digit.
    fileprivate var isPlainLatin: Bool {
        !isEmpty && unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil) }
    }
}
