import Foundation

/// One emoji set on a message (`/react`), and how many people set it.
package struct Reaction: Equatable, Sendable, Codable {
    /// The most different emoji one message carries: a message is not a wall of them.
    package static let kindsLimit = 20
    /// The most Unicode scalars an emoji has: a family or a flag with its joiners and
    /// modifiers fits, a paragraph dressed as one grapheme does not.
    package static let scalarLimit = 16

    package let emoji: String
    package let count: Int

    package init(emoji: String, count: Int) {
        self.emoji = emoji
        self.count = count
    }

    /// The reactions of one message from who set what, in the order each emoji was first set.
    package static func tally(_ emoji: some Sequence<String>) -> [Reaction] {
        var order: [String] = []
        var counts: [String: Int] = [:]
        for each in emoji {
            if counts[each] == nil { order.append(each) }
            counts[each, default: 0] += 1
        }
        return order.map { Reaction(emoji: $0, count: counts[$0]!) }
    }

    /// An emoji as a reaction keeps it: one character that is an emoji (`👍`, `❤`, `👩‍💻`),
    /// not a letter, a digit or anything that moves a terminal.
    /// - Throws: `StoreError.notAnEmoji`.
    package static func checked(_ text: String) throws -> String {
        let emoji = text.trimmingCharacters(in: .whitespaces)
        guard emoji.count == 1, let first = emoji.unicodeScalars.first, emoji.unicodeScalars.count <= scalarLimit,
            first.value > 0x7F, first.properties.isEmoji,
            !emoji.unicodeScalars.contains(where: ControlCharacters.isRefused)
        else { throw StoreError.notAnEmoji(text) }
        return emoji
    }

    /// What setting `emoji` on a message does for a user who has set `mine` on it, when the
    /// message carries `reactions`: takes it back if it was theirs, else adds it.
    /// - Throws: `StoreError.tooManyReactions` for a new kind past `kindsLimit`.
    package static func toggles(_ emoji: String, mine: Bool, on reactions: [Reaction], messageID: Int) throws -> Bool {
        if mine { return false }
        if reactions.count >= kindsLimit && !reactions.contains(where: { $0.emoji == emoji }) {
            throw StoreError.tooManyReactions(messageID)
        }
        return true
    }
}
