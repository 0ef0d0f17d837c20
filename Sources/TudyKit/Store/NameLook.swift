/// How a name looks, so that two accounts never look alike: `аlice` with a Cyrillic `а`, a
/// full-width `ａｌｉｃｅ` or a mathematical `𝖺𝗅𝗂𝖼𝖾` is not another person beside `alice`.
///
/// A name's look is its compatibility case fold (`CaseFolding.search`: NFKC and full case),
/// then each letter that looks like a Latin one replaced by it, and `m` and `d` by the pairs
/// they pass for (`rn`, `cl`), after the confusable prototypes of Unicode TS #39 for the
/// scripts people mix into Latin (Cyrillic, Greek, Armenian, IPA letters and digits). This is
/// a subset of TS #39's table, the letters a Latin name can be imitated with; a name that
/// mixes scripts not used together (`scriptsMixed`) is refused before it is looked at.
package enum NameLook {
    /// The look of a name: equal for names that look alike.
    package static func of(_ name: String) -> String {
        var look = ""
        for scalar in CaseFolding.search(name).unicodeScalars {
            if let prototype = prototypes[scalar.value] { look += prototype } else { look.unicodeScalars.append(scalar) }
        }
        return look
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

    /// What a folded letter looks like, in Latin, where it passes for one: TS #39's
    /// prototypes, folded, for the letters of the scripts above.
    private static let prototypes: [UInt32: String] = [
        // Latin letters that pass for two, and Latin's own look-alikes.
        0x6D: "rn", 0x64: "cl", 0x131: "i", 0x237: "j", 0x251: "a", 0x261: "g", 0x269: "i", 0x28B: "u", 0x3F3: "j",
        0x1D00: "a", 0x1D04: "c", 0x1D0F: "o", 0x1D1C: "u", 0x1D20: "v", 0x1D21: "w", 0x1D22: "z",
        // Digits that pass for letters.
        0x30: "o", 0x31: "l",
        // Cyrillic.
        0x430: "a", 0x435: "e", 0x456: "i", 0x458: "j", 0x43E: "o", 0x440: "p", 0x441: "c", 0x443: "y", 0x445: "x",
        0x455: "s", 0x4BB: "h", 0x4CF: "l", 0x501: "cl", 0x51B: "q", 0x51D: "w", 0x4AF: "y", 0x461: "w", 0x44C: "b",
        0x432: "b", 0x43D: "h", 0x442: "t", 0x43A: "k", 0x43C: "rn", 0x457: "i", 0x4E7: "o", 0x451: "e",
        // Greek.
        0x3B1: "a", 0x3BF: "o", 0x3BD: "v", 0x3C1: "p", 0x3B9: "i", 0x3B3: "y", 0x3C5: "u", 0x3BA: "k", 0x3C7: "x",
        0x3C4: "t", 0x3B5: "e", 0x3C9: "w", 0x3B7: "n",
        // Armenian.
        0x585: "o", 0x57D: "u", 0x570: "h", 0x578: "n", 0x566: "q", 0x581: "g", 0x561: "w",
    ]
}
