/// A slash-command as `/help` shows it, and the shape of its argument.
struct CommandSpec: Equatable, Sendable {
    /// Whether a command takes an argument.
    enum Argument: Equatable, Sendable {
        case none
        case optional(String)
        case required(String)
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
        case .optional(let placeholder): "/\(name) [\(placeholder)]"
        case .required(let placeholder): "/\(name) \(placeholder)"
        }
    }

    /// Checks the argument typed with this command.
    /// - Throws: `CommandError.missingArgument` or `.unexpectedArgument`.
    func validate(_ argument: String) throws {
        switch self.argument {
        case .none where !argument.isEmpty:
            throw CommandError.unexpectedArgument(usage: usage)
        case .required where argument.isEmpty:
            throw CommandError.missingArgument(usage: usage)
        default:
            return
        }
    }
}
