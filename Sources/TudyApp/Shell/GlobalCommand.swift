/// The commands that work on every screen, which the tab bar carries out; their arguments
/// are read as `CommandTable.everywhere` declares them.
enum GlobalCommand: CaseIterable, Sendable {
    case help, home, chat, back, `where`, tree, next, mentions, ignore, unignore, invites, accept, decline
    case signup, login, logout, whoami, whois, quit

    /// The global command `name` is; nil for one of a screen.
    init?(_ name: CommandName) {
        guard let command = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = command
    }

    var name: CommandName {
        switch self {
        case .help: .help
        case .home: .home
        case .chat: .chat
        case .back: .back
        case .where: .where
        case .tree: .tree
        case .next: .next
        case .mentions: .mentions
        case .ignore: .ignore
        case .unignore: .unignore
        case .invites: .invites
        case .accept: .accept
        case .decline: .decline
        case .signup: .signup
        case .login: .login
        case .logout: .logout
        case .whoami: .whoami
        case .whois: .whois
        case .quit: .quit
        }
    }

    /// The number given (`#3` or `3`), as its declaration read it.
    /// - Throws: `CommandError.missingArgument` when none was.
    func number(in argument: CommandArgument) throws -> Int {
        guard let number = argument.number else { throw CommandError.missingArgument(usage: spec.usage) }
        return number
    }

    /// Its declaration.
    var spec: CommandSpec {
        CommandTable.spec(name, at: .everywhere) ?? CommandSpec(name, "")
    }
}
