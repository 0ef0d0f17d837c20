import TudyCore
import TudyTerminal

/// Every command tudy knows and where it works: the one registry that `/help`, Tab's
/// arguments and the errors for a command typed in the wrong place all read.
enum CommandCatalog {
    /// The commands that work on every screen.
    static let global = GlobalCommand.specs

    /// The screens' own commands, by the place a user knows them as.
    static let places: [(place: String, commands: [CommandSpec])] = [
        ("the Home tab", BoardScreen.Command.specs),
        ("a search result", ProjectSearchScreen.Command.specs),
        ("a post", ProjectDetailScreen.Command.specs),
        ("the Chat tab", RoomListScreen.Command.specs),
        ("a chat room", RoomScreen.Command.specs),
        ("messages found", MessageSearchScreen.Command.specs),
        ("a new 1:1 room", DirectRoomDraftScreen.Command.specs),
    ]

    /// The places where a screen command works; empty for a name nobody knows.
    static func places(of name: String) -> [String] {
        places.filter { $0.commands.contains { $0.name == name } }.map(\.place)
    }

    /// Every `(place, spec)` with this name, globals first.
    static func specs(named name: String) -> [(place: String, spec: CommandSpec)] {
        let globals = global.filter { $0.name == name }.map { (place: "everywhere", spec: $0) }
        let local = places.flatMap { entry in
            entry.commands.filter { $0.name == name }.map { (place: entry.place, spec: $0) }
        }
        return globals + local
    }

    /// The commands that change or delete something: never offered for a name merely spelled alike.
    static let changing: Set<String> = Set(
        [ProjectDetailScreen.Command.edit, .close, .reopen, .delete, .join].map(\.rawValue)
            + [RoomScreen.Command.invite, .kick, .rename, .topic, .mute, .unmute, .leave, .edit, .unsend, .react].map(\.rawValue)
            + [GlobalCommand.logout, .ignore, .unignore, .accept, .decline, .signup].map(\.rawValue) + [BoardScreen.Command.new.rawValue])

    static var allNames: [String] {
        Array(Set(global.map(\.name) + places.flatMap { $0.commands.map(\.name) })).sorted()
    }

    /// The error for a command that does not work on the screen at `here`.
    static func error(forUnavailable name: String, here: String) -> CommandError {
        let places = places(of: name)
        if places.isEmpty {
            return .unknown(name: name, suggestion: CommandSuggestion.nearest(to: name, among: allNames, changing: changing))
        }
        return .notHere(name: name, places: places, here: here)
    }

    /// A row of `/help`: the usage, then the summary.
    static func helpRow(_ spec: CommandSpec) -> HelpListing.Row {
        HelpListing.Row(usage: spec.usage, summary: spec.summary)
    }
}

/// The commands that work on every screen; the tab bar carries them out.
enum GlobalCommand: String, CommandSet {
    case help, home, chat, back, `where`, tree, next, mentions, ignore, unignore, invites, accept, decline
    case signup, login, logout, whoami, whois, quit

    var argument: CommandSpec.Argument {
        switch self {
        case .help: .optional(.command)
        case .signup: .required(.newName)
        case .login, .whois, .unignore: .required(.name)
        case .ignore: .optional(.name)
        case .accept, .decline: .required(.invitationNumber)
        case .home, .chat, .back, .where, .tree, .next, .mentions, .invites, .logout, .whoami, .quit: .none
        }
    }

    var summary: String {
        switch self {
        case .help: "the commands that work here, or one command's usage"
        case .home: "the Home tab: the board of posts"
        case .chat: "the Chat tab: your rooms (log in first)"
        case .back: "go back a screen, or leave a login or a draft"
        case .where: "where you are"
        case .tree: "the coordinators, and each one's stack of screens"
        case .next: "open the room with the oldest unread message"
        case .mentions: "the newest messages that name you (@you), in all your rooms (log in first)"
        case .ignore: "hide someone's messages and notices from you, in every client of yours; alone, whom you ignore"
        case .unignore: "see someone's messages again"
        case .invites: "the invitations into rooms that wait for your answer"
        case .accept: "say yes to invitation #n: you come into its room"
        case .decline: "say no to invitation #n; nobody is told"
        case .signup: "make an account; asks for the password twice"
        case .login: "log in; asks for the password"
        case .logout: "log out; a login kept for later runs ends too"
        case .whoami: "your name, or guest"
        case .whois: "someone's name, the day they joined, and the rooms you share (log in first)"
        case .quit: "leave tudy"
        }
    }
}
