import TudyCore

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
        /// The number of an invitation that waits for the user (`3` or `#3`).
        case invitationNumber
        /// Whole seconds to wait, from 1 to a day; `defaultSeconds` when none is given.
        case seconds
        /// A command's name: Tab offers the commands.
        case command
        /// A message's number (`3` or `#3`), then text about it; `which` says what the number
        /// picks and `missing` what is missing when only the number is given.
        case numberedText(placeholder: String, which: String, missing: String)
        /// The text that replaces a message: of the number given first (`#3 new text`), or else
        /// of the user's last message.
        case replacementText
        /// Text of its own shape, which its handler reads.
        case text(placeholder: String)

        /// How `/help` names it.
        var placeholder: String {
            switch self {
            case .name, .newName, .invitee, .member: "<name>"
            case .workTag: "<tag>"
            case .words: "<words>"
            case .listed(let placeholder), .text(let placeholder), .numberedText(let placeholder, _, _): placeholder
            case .replacementText: "[#n] <text>"
            case .messageNumber, .invitationNumber: "#n"
            case .room: "<n or name>"
            case .seconds: "seconds"
            case .command: "command"
            }
        }
    }

    /// The seconds `/wait` waits when none are given.
    static let defaultSeconds = 30
    /// The most seconds one may ask to wait: a day.
    static let longestSeconds = 24 * 3600

    let name: CommandName
    let argument: Argument
    /// What it does, in a few words.
    let summary: String

    /// A command that takes no argument.
    init(_ name: CommandName, _ summary: String) {
        self.init(name, .none, summary)
    }

    init(_ name: CommandName, _ argument: Argument, _ summary: String) {
        self.name = name
        self.argument = argument
        self.summary = summary
    }

    /// The usage line, e.g. `/open <id>`.
    var usage: String {
        switch argument {
        case .none: "/\(name.typed)"
        case .optional(let kind): "/\(name.typed) [\(kind.placeholder)]"
        case .required(let kind): "/\(name.typed) \(kind.placeholder)"
        }
    }

    /// Reads the argument typed with this command, as its declaration says: there when it
    /// must be, none when it must not, and a number, seconds or a message's number where it
    /// is one.
    /// - Throws: `CommandError.missingArgument`, `.unexpectedArgument` or `.badArgument`.
    func read(_ argument: String) throws -> CommandArgument {
        switch self.argument {
        case .none where !argument.isEmpty:
            throw CommandError.unexpectedArgument(usage: usage)
        case .required where argument.isEmpty:
            throw CommandError.missingArgument(usage: usage)
        case .none:
            return .none
        case .optional where argument.isEmpty:
            return .none
        case .optional(let kind), .required(let kind):
            return try read(argument, as: kind)
        }
    }

    private func read(_ argument: String, as kind: ArgumentKind) throws -> CommandArgument {
        switch kind {
        case .listed, .messageNumber, .invitationNumber:
            return .number(try number(argument))
        case .seconds:
            guard let seconds = Int(argument), (1...Self.longestSeconds).contains(seconds) else {
                throw CommandError.badArgument("'\(argument)' is not a number of seconds from 1 to \(Self.longestSeconds)", usage: usage)
            }
            return .seconds(seconds)
        case .room:
            return .room((try? number(argument)).map { .number($0) } ?? .name(argument))
        case .numberedText(_, let which, let missing):
            let words = argument.split(maxSplits: 1, whereSeparator: \.isWhitespace)
            guard let first = words.first, let id = try? number(String(first)) else {
                throw CommandError.badArgument("say which message \(which), by its number", usage: usage)
            }
            guard words.count == 2 else { throw CommandError.badArgument(missing, usage: usage) }
            return .aboutMessage(.id(id), String(words[1].drop(while: \.isWhitespace)))
        case .replacementText:
            // A text may begin with a number, or with `#` and a word: only `#n` picks a message.
            let words = argument.split(maxSplits: 1, whereSeparator: \.isWhitespace)
            guard let first = words.first, first.hasPrefix("#"), let id = Int(first.dropFirst()), id > 0 else {
                return .aboutMessage(.last, argument)
            }
            guard words.count == 2 else { throw CommandError.badArgument("the new text is missing", usage: usage) }
            return .aboutMessage(.id(id), String(words[1].drop(while: \.isWhitespace)))
        case .name, .newName, .invitee, .member, .workTag, .words, .command, .text:
            return .text(argument)
        }
    }

    /// The number in an argument like `3` or `#3`.
    /// - Throws: `CommandError.badArgument` when the argument is not a number from 1 up.
    private func number(_ argument: String) throws -> Int {
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
