/// Whether a text names someone as `@name`: the one rule for the bell, the highlight, the
/// prompt's count of mentions and `/mentions`.
package enum Mention {
    /// Whether `text` names `user` as `@name`, in any case, not as part of a longer name, or
    /// with letters that look like theirs (`@ａｌｉｃｅ`, `@аlice`: `NameLook`).
    package static func names(_ user: User, in text: String) -> Bool {
        let handle = "@" + user.name.lowercased()
        var rest = Substring(text.lowercased())
        while let found = rest.range(of: handle) {
            let after = rest[found.upperBound...].first
            if after.map({ !isNameCharacter($0) }) ?? true { return true }
            rest = rest[found.upperBound...]
        }
        guard text.contains("@") else { return false }
        let look = Accounts.look(user.name)
        for part in text.split(separator: "@", omittingEmptySubsequences: false).dropFirst() {
            let typed = part.prefix(while: isNameCharacter).prefix(32)
            if !typed.isEmpty, Accounts.look(String(typed)) == look { return true }
        }
        return false
    }

    private static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || "._-".contains(character)
    }

    /// Whether a message is news that names `user`: someone else's, still there, naming them.
    package static func isNews(_ message: Message, for user: User) -> Bool {
        message.isUnread(by: user) && names(user, in: message.text)
    }
}
