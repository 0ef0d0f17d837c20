/// A slash-command as `/help` shows it, and the shape of its argument.
struct CommandSpec: Equatable, Sendable {
    /// Whether a command takes an argument, and what it is.
    enum Argument: Equatable, Sendable {
        case none
        case optional(ArgumentKind)
        case required(ArgumentKind)

        /// What the argument is, when there is one.
        var kind: ArgumentKind? {
            switch self {
            case .none: nil
            case .optional(let kind), .required(let kind): kind
            }
        }
    }

    /// What a command's argument is: its usage's placeholder, what Tab offers for it, and how
    /// it is checked before the command's handler sees it all come from this.
    enum ArgumentKind: Equatable, Sendable {
        /// Someone's name: Tab offers the names you may see.
        case name
        /// A name for a new account: nothing is offered.
        case newName
        /// Someone to bring into the room: Tab offers those not in it yet.
        case invitee
        /// Someone in the room: Tab offers its members but you.
        case member
        /// A work tag of the board: Tab offers the tags posts have.
        case workTag
        /// Words to find.
        case words
        /// The number of a post or room listed on the screen (`3` or `#3`): Tab offers them.
        case listed(placeholder: String)
        /// A room of yours, by its number or its name (`2`, `#2`, `@bob`, `Swift study`): Tab
        /// offers both.
        case room
        /// A message's number in the room (`3` or `#3`).
        case messageNumber
        /// Whole seconds to wait, from 1 to a day; `defaultSeconds` when none is given.
        case seconds
        /// A command's name: Tab offers the commands.
        case command
        /// Text of its own shape, which its handler reads.
        case text(placeholder: String)

        /// How `/help` names it.
        var placeholder: String {
            switch self {
            case .name, .newName, .invitee, .member: "<name>"
            case .workTag: "<tag>"
            case .words: "<words>"
            case .listed(let placeholder), .text(let placeholder): placeholder
            case .messageNumber: "#n"
            case .room: "<n or name>"
            case .seconds: "seconds"
            case .command: "command"
            }
        }

        /// Whether it is a number, checked as one before the handler is called.
        var isNumber: Bool {
            switch self {
            case .listed, .messageNumber: true
            default: false
            }
        }
    }

    /// The seconds `/wait` waits when none are given.
    static let defaultSeconds = 30
    /// The most seconds one may ask to wait: a day.
    static let longestSeconds = 24 * 3600

    /// Every command declared, the global ones first.
    static var declared: [CommandSpec] {
        GlobalCommand.specs + BoardScreen.Command.specs + ProjectSearchScreen.Command.specs + ProjectDetailScreen.Command.specs
            + RoomListScreen.Command.specs + RoomScreen.Command.specs + MessageSearchScreen.Command.specs
            + DirectRoomDraftScreen.Command.specs
    }

    /// The name without the slash, e.g. `open`.
    let name: String
    let argument: Argument
    /// What it does, in a few words.
    let summary: String

    /// A command that takes no argument.
    init(_ name: String, _ summary: String) {
        self.init(name, .none, summary)
    }

    init(_ name: String, _ argument: Argument, _ summary: String) {
        self.name = name
        self.argument = argument
        self.summary = summary
    }

    /// The usage line, e.g. `/open <id>`.
    var usage: String {
        switch argument {
        case .none: "/\(name)"
        case .optional(let kind): "/\(name) [\(kind.placeholder)]"
        case .required(let kind): "/\(name) \(kind.placeholder)"
        }
    }

    /// Checks the argument typed with this command: there when it must be, none when it
    /// must not, and a number or seconds where it is one.
    /// - Throws: `CommandError.missingArgument`, `.unexpectedArgument` or `.badArgument`.
    func validate(_ argument: String) throws {
        switch self.argument {
        case .none where !argument.isEmpty:
            throw CommandError.unexpectedArgument(usage: usage)
        case .required where argument.isEmpty:
            throw CommandError.missingArgument(usage: usage)
        case .optional(let kind) where kind.isNumber && !argument.isEmpty, .required(let kind) where kind.isNumber:
            _ = try number(argument)
        case .optional(.seconds), .required(.seconds):
            _ = try seconds(argument)
        default:
            return
        }
    }

    /// The seconds in an argument of whole seconds; `defaultSeconds` for none.
    /// - Throws: `CommandError.badArgument` for anything but a whole number from 1 to a day.
    func seconds(_ argument: String) throws -> Int {
        guard !argument.isEmpty else { return Self.defaultSeconds }
        guard let seconds = Int(argument), (1...Self.longestSeconds).contains(seconds) else {
            throw CommandError.badArgument("'\(argument)' is not a number of seconds from 1 to \(Self.longestSeconds)", usage: usage)
        }
        return seconds
    }

    /// The number in an argument like `3` or `#3`.
    /// - Throws: `CommandError.badArgument` when the argument is not a number from 1 up.
    func number(_ argument: String) throws -> Int {
        let digits = argument.hasPrefix("#") ? argument.dropFirst() : argument[...]
        guard let number = Int(digits) else {
            throw CommandError.badArgument("'\(argument)' is not a number", usage: usage)
        }
        // Every number shown (posts, rooms, messages) starts at 1.
        guard number > 0 else {
            throw CommandError.badArgument("'\(argument)' is not a number from 1 up", usage: usage)
        }
        return number
    }
}
