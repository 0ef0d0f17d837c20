import Foundation

/// The rules every store applies to account names and passwords.
package enum Accounts {
    /// The shortest password tudy accepts.
    package static let minimumPasswordLength = 8
    /// The most bytes (UTF-8, normalized) a name has: 32 letters of most scripts, 21 Korean syllables.
    package static let maximumNameBytes = 64
    /// The most bytes a name may be typed in: decomposed, a letter takes up to four times its bytes.
    static let maximumTypedNameBytes = 4 * maximumNameBytes
    /// The key of a text no account can be named: it has a space, which no name has.
    static let keyOfNoAccount = " "

    /// The rules every store applies to a new account, before any password is hashed; give it
    /// the name normalized.
    /// - Throws: `StoreError.tooManyMarks`, `.invalidName` or `.weakPassword`.
    package static func check(name: String, password: String) throws {
        try check(newName: name)
        guard password.count >= minimumPasswordLength else { throw StoreError.weakPassword }
    }

    /// Checks a name for a new account, taken or not.
    /// - Throws: `StoreError.tooManyMarks`, `.invalidName`, `.nameMixesScripts`.
    package static func check(newName name: String) throws {
        try TextBounds.check(name)
        guard isValidName(name) else { throw StoreError.invalidName(name) }
        if let mixed = NameLook.scriptsMixed(in: name) { throw StoreError.nameMixesScripts(name: name, scripts: mixed) }
    }

    /// Whether a name is 2 to 32 letters of any script, decimal digits, `.`, `-` or `_`, in
    /// at most `maximumNameBytes`.
    package static func isValidName(_ name: String) -> Bool {
        name.utf8.count <= maximumNameBytes && TextBounds.marksAreFew(in: name)
            && (2...32).contains(name.count) && name.allSatisfy(isNameCharacter)
    }

    /// Whether `text` may name an account, as far as its length and marks tell, before it is
    /// normalized or folded: a text that can not is never either, so that a stranger's
    /// crafted name costs no more than its length.
    package static func mayBeName(_ text: String) -> Bool {
        text.utf8.count <= maximumTypedNameBytes && TextBounds.marksAreFew(in: text)
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first,
            // A mark that shows nothing (U+034F, a variation selector, U+180B) would make a
            // second account of a name that looks the same.
            !character.unicodeScalars.contains(where: \.properties.isDefaultIgnorableCodePoint)
        else { return false }
        if character.isLetter {
            // A letter with its accents, never a symbol or an emoji that calls itself one.
            return first.properties.isAlphabetic
                && character.unicodeScalars.dropFirst().allSatisfy {
                    [.nonspacingMark, .spacingMark, .enclosingMark].contains($0.properties.generalCategory)
                }
        }
        return character.unicodeScalars.count == 1
            && (first.properties.generalCategory == .decimalNumber || "._-".unicodeScalars.contains(first))
    }

    /// A name as the store keeps it: Unicode NFC, so that `zoé` typed either way is one name.
    /// A text that can not be a name is left as it is, for `check` to refuse.
    package static func normalized(_ name: String) -> String {
        guard mayBeName(name) else { return name }
        return String(decoding: Array(name.precomposedStringWithCanonicalMapping.utf8), as: UTF8.self)
    }

    /// What names are compared by: the name with its case folded (`CaseFolding.name`). A text
    /// that can not be a name gets a key no account has, unfolded.
    package static func key(_ name: String) -> String {
        guard mayBeName(name) else { return keyOfNoAccount }
        return CaseFolding.name(name)
    }

    /// Whether two names have one key (`key`), found without folding names of ASCII and Hangul
    /// syllables: comparing members by name is most of what a room's rules cost. Such a text
    /// holds no marks, so it is a name when its bytes are few enough.
    package static func haveOneKey(_ one: String, _ other: String) -> Bool {
        guard let alike = CaseFolding.foldAlikeByLowerCase(one, other) else { return key(one) == key(other) }
        return alike || (one.utf8.count > maximumTypedNameBytes && other.utf8.count > maximumTypedNameBytes)
    }

    /// What names are told apart by, beyond their keys: how they look (`NameLook`). A text
    /// that can not be a name gets a look no account has.
    package static func look(_ name: String) -> String {
        guard mayBeName(name) else { return keyOfNoAccount }
        return NameLook.of(name)
    }
}

import Foundation
