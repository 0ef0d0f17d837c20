/// The rules every store applies to account names and passwords.
public enum Accounts {
    /// The shortest password tudy accepts.
    public static let minimumPasswordLength = 8

    /// The rules every store applies to a new account, before any password is hashed.
    /// - Throws: `StoreError.invalidName` or `.weakPassword`.
    public static func check(name: String, password: String) throws {
        guard isValidName(name) else { throw StoreError.invalidName(name) }
        guard password.count >= minimumPasswordLength else { throw StoreError.weakPassword }
    }

    /// Whether a name is 2 to 32 ASCII letters, digits, `.`, `-` or `_`.
    public static func isValidName(_ name: String) -> Bool {
        (2...32).contains(name.count)
            && name.unicodeScalars.allSatisfy {
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
            }
    }
}

import Foundation
