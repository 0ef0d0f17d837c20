import TudyTerminal

/// What the table says of a name across the places: for `/help NAME`, a mistyped name, and a
/// command typed where it does not work.
extension CommandTable {
    /// The places with commands of their own, as a person knows them.
    static let places: [CommandPlace] = CommandPlace.allCases.filter { $0 != .everywhere }

    /// The places where a screen's command works; empty for a name that works only everywhere
    /// or nowhere.
    static func places(of name: CommandName) -> [String] {
        places.filter { spec(name, at: $0) != nil }.map(\.label)
    }

    /// Every `(place, spec)` of this name, the global one first.
    static func specs(named name: CommandName) -> [(place: String, spec: CommandSpec)] {
        CommandPlace.allCases.compactMap { place in spec(name, at: place).map { (place.label, $0) } }
    }

    /// The commands that change or delete something: never offered for a name merely spelled alike.
    static let changing: Set<CommandName> = [
        .edit, .close, .reopen, .delete, .join, .invite, .kick, .rename, .topic, .notice, .timer, .session, .rsvp, .checkin, .checkout, .mute, .unmute, .leave, .unsend, .react,
        .logout, .ignore, .unignore, .accept, .decline, .signup, .new,
    ]

    /// Every name, as typed, for suggestions.
    static var allNames: [String] { CommandName.allCases.map(\.typed).sorted() }

    /// The nearest command to a name that is none of tudy's, as `/name`; nil when none is near.
    static func suggestion(for typed: String) -> String? {
        CommandSuggestion.nearest(to: typed, among: allNames, changing: Set(changing.map(\.typed)))
    }

    /// The error for a command typed where it does not work (`name` nil: no command of tudy's).
    static func error(forUnavailable typed: String, here: String) -> CommandError {
        guard let name = name(typed) else { return .unknown(name: typed, suggestion: suggestion(for: typed)) }
        let places = places(of: name)
        if places.isEmpty { return .unknown(name: typed, suggestion: suggestion(for: typed)) }
        return .notHere(name: typed, places: places, here: here)
    }

    /// A row of `/help`: the usage, then the summary.
    static func helpRow(_ spec: CommandSpec) -> HelpListing.Row {
        HelpListing.Row(usage: spec.usage, summary: spec.summary)
    }
}
