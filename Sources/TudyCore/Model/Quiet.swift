/// What someone keeps quiet for themselves (`/mute`, `/ignore`), kept with their account so
/// that every client of theirs obeys it.
public enum Quiet: Hashable, Sendable {
    /// A room muted: no notices and no bell from it, its unread left out of the prompt's
    /// total (the rooms list still counts them).
    case room(Int)
    /// Someone ignored, by their name: their messages and notices are hidden.
    case person(String)

    /// The most people one may ignore: a list a stranger can make a store keep is bounded.
    package static let ignoreLimit = 1000

    /// Whether a message comes from someone ignored.
    package static func hides(_ message: Message, in quiet: Set<Quiet>) -> Bool {
        ignores(message.sender, in: quiet)
    }

    /// Whether `quiet` ignores someone, whatever the case their name is typed in.
    package static func ignores(_ user: User, in quiet: Set<Quiet>) -> Bool {
        quiet.contains { if case .person(let name) = $0 { user.isNamed(name) } else { false } }
    }
}
