import TudyCore

/// The commands of one place as typed values, each with its argument read as its declaration
/// in `CommandTable` says: what a screen's handler switches over, which the compiler holds
/// complete, so that no handler reads text again.
protocol PlaceCommand: Sendable {
    /// Where these commands work.
    static var place: CommandPlace { get }
    /// The value of `name` with its argument; nil for a name that does not work here.
    /// - Throws: `CommandError.missingArgument` for a number an optional argument left out.
    init?(_ name: CommandName, _ argument: CommandArgument) throws
}

extension PlaceCommand {
    /// The place's commands as `/help` lists them.
    static var specs: [CommandSpec] { CommandTable.specs(at: place) }

    /// The value of `/name argument` typed here, its argument read by its declaration; nil
    /// when `name` does not work here.
    /// - Throws: `CommandError` for an argument its declaration refuses.
    static func read(_ name: CommandName, _ argument: String) throws -> Self? {
        guard let spec = CommandTable.spec(name, at: place) else { return nil }
        return try Self(name, try spec.read(argument))
    }

    /// The command a screen's input names, as a value.
    /// - Throws: the screen's `unsupported` error for text, or for a command not of this place.
    @MainActor
    static func parse(_ input: ScreenInput, on screen: any Screen) throws -> Self {
        guard case .command(let name, let argument) = input, let command = try Self(name, argument) else {
            throw screen.unsupported(input)
        }
        return command
    }

    /// The number given to `name` (`#3` or `3`), as its declaration read it.
    /// - Throws: `CommandError.missingArgument` when none was, which only an optional one allows.
    static func number(in argument: CommandArgument, of name: CommandName) throws -> Int {
        guard let number = argument.number else {
            throw CommandError.missingArgument(usage: CommandTable.spec(name, at: place)?.usage ?? "/" + name.typed)
        }
        return number
    }
}
