/// Every command tudy knows and where it works, for `/help` and for mistakes.
@MainActor
enum CommandCatalog {
    static let help = CommandSpec("help", .optional("command"), "the commands that work here, or one command's usage")
    static let home = CommandSpec("home", "the Home tab: the board of posts")
    static let chat = CommandSpec("chat", "the Chat tab: your rooms (log in first)")
    static let back = CommandSpec("back", "go back a screen, or leave a login or a draft")
    static let whereAmI = CommandSpec("where", "where you are")
    static let tree = CommandSpec("tree", "the coordinators, and each one's stack of screens")
    static let signup = CommandSpec("signup", .required("<name>"), "make an account; asks for the password twice")
    static let login = CommandSpec("login", .required("<name>"), "log in; asks for the password")
    static let logout = CommandSpec("logout", "log out")
    static let whoami = CommandSpec("whoami", "your name, or guest")
    static let next = CommandSpec("next", "open the room with the oldest unread message")
    static let quit = CommandSpec("quit", "leave tudy")
    /// The commands that work on every screen.
    static let global = [help, home, chat, back, whereAmI, tree, next, signup, login, logout, whoami, quit]

    /// The screens' own commands, by the place a user knows them as.
    static let places: [(place: String, commands: [CommandSpec])] = [
        ("the Home tab", BoardScreen.commandSpecs),
        ("a search result", ProjectSearchScreen.commandSpecs),
        ("a post", ProjectDetailScreen.commandSpecs),
        ("the Chat tab", RoomListScreen.commandSpecs),
        ("a chat room", RoomScreen.commandSpecs),
    ]

    static func globalSpec(named name: String) -> CommandSpec? {
        global.first { $0.name == name }
    }

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

    static var allNames: [String] {
        Array(Set(global.map(\.name) + places.flatMap { $0.commands.map(\.name) })).sorted()
    }

    /// The error for a command that does not work on the screen at `here`.
    static func error(forUnavailable name: String, here: String) -> CommandError {
        let places = places(of: name)
        if places.isEmpty {
            return .unknown(name: name, suggestion: CommandSuggestion.nearest(to: name, among: allNames))
        }
        return .notHere(name: name, places: places, here: here)
    }

    /// A row of `/help`: the usage, then the summary.
    static func helpRow(_ spec: CommandSpec) -> [String] {
        ["  " + spec.usage, spec.summary]
    }
}
