import Foundation

/// The rules every store applies to account names and passwords.
package enum Accounts {
    /// The shortest password tudy accepts.
    package static let minimumPasswordLength = 8

    /// The rules every store applies to a new account, before any password is hashed; give it
    /// the name normalized.
    /// - Throws: `StoreError.invalidName` or `.weakPassword`.
    package static func check(name: String, password: String) throws {
        guard isValidName(name) else { throw StoreError.invalidName(name) }
        guard password.count >= minimumPasswordLength else { throw StoreError.weakPassword }
    }

    /// Whether a name is 2 to 32 letters of any script, decimal digits, `.`, `-` or `_`.
    package static func isValidName(_ name: String) -> Bool {
        (2...32).contains(name.count) && name.allSatisfy(isNameCharacter)
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
    package static func normalized(_ name: String) -> String {
        String(decoding: Array(name.precomposedStringWithCanonicalMapping.utf8), as: UTF8.self)
    }

    /// What names are compared by: the name with its case folded (`CaseFolding.name`).
    package static func key(_ name: String) -> String {
        CaseFolding.name(name)
    }
}

import Foundation
