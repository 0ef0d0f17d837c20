import TudyCore

/// A screen's commands as one typed declaration: each case is a command, named by its raw
/// value, and says its argument and summary. `/help`, completion, the tab bar's dispatch and
/// the screen's handler (a `switch` over the cases, which the compiler holds complete) all
/// come from it, so no command name is written twice and no two lists can drift.
protocol CommandSet: RawRepresentable<String>, CaseIterable, Sendable {
    /// The argument the command takes, if any.
    var argument: CommandSpec.Argument { get }
    /// What it does, in a few words.
    var summary: String { get }
}

extension CommandSet {
    /// The command as `/help` shows it.
    var spec: CommandSpec { CommandSpec(rawValue, argument, summary) }

    /// Every command of the set, in the order declared.
    static var specs: [CommandSpec] { allCases.map(\.spec) }

    /// The number a command declared with one was given (`#3` or `3`), as its declaration read it.
    /// - Throws: `CommandError.missingArgument` when none was, which only an optional one allows.
    func number(in argument: CommandArgument) throws -> Int {
        guard let number = argument.number else { throw CommandError.missingArgument(usage: spec.usage) }
        return number
    }

    /// The command a screen's input names, and its argument.
    /// - Throws: the screen's `unsupported` error for text, or for a command not in the set.
    @MainActor
    static func parse(_ input: ScreenInput, on screen: any Screen) throws -> (Self, CommandArgument) {
        guard case .command(let name, let argument) = input, let command = Self(rawValue: name) else {
            throw screen.unsupported(input)
        }
        return (command, argument)
    }
}
