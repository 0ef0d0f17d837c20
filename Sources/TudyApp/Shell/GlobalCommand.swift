/// The commands that work on every screen, as values, their arguments read as
/// `CommandTable.everywhere` declares them; the tab bar carries them out.
enum GlobalCommand: PlaceCommand, Equatable {
    /// `/help`, or `/help NAME` (`topic` empty for the whole page).
    case help(topic: String)
    case home, chat, back, `where`, tree, next, mentions, invites, logout, whoami, quit
    /// `/ignore NAME`, or alone (nil) whom you ignore.
    case ignore(name: String?)
    case unignore(name: String)
    case accept(invitation: Int)
    case decline(invitation: Int)
    case signup(name: String)
    case login(name: String)
    case whois(name: String)

    static let place = CommandPlace.everywhere

    init?(_ name: CommandName, _ argument: CommandArgument) throws {
        switch name {
        case .help: self = .help(topic: argument.text)
        case .home: self = .home
        case .chat: self = .chat
        case .back: self = .back
        case .where: self = .where
        case .tree: self = .tree
        case .next: self = .next
        case .mentions: self = .mentions
        case .invites: self = .invites
        case .logout: self = .logout
        case .whoami: self = .whoami
        case .quit: self = .quit
        case .ignore: self = .ignore(name: argument == .none ? nil : argument.text)
        case .unignore: self = .unignore(name: argument.text)
        case .accept: self = .accept(invitation: try Self.number(in: argument, of: name))
        case .decline: self = .decline(invitation: try Self.number(in: argument, of: name))
        case .signup: self = .signup(name: argument.text)
        case .login: self = .login(name: argument.text)
        case .whois: self = .whois(name: argument.text)
        default: return nil
        }
    }
}
