import Foundation

/// What `/help` shows: the commands of the screen in view and the global ones, or one command's usage.
@MainActor
enum HelpPage {
    /// - Parameters:
    ///   - argument: a command name, with or without its slash; empty for the whole page.
    ///   - screen: the screen in view; `path` is where it is, as `/where` says it.
    /// - Throws: `CommandError.unknown` for a name no screen knows.
    static func lines(for argument: String, on screen: (any Screen)?, at path: String) throws -> [String] {
        if !argument.isEmpty {
            let name = argument.hasPrefix("/") ? String(argument.dropFirst()).lowercased() : argument.lowercased()
            let specs = CommandCatalog.specs(named: name)
            guard !specs.isEmpty else {
                throw CommandError.unknown(
                    name: name, suggestion: CommandSuggestion.nearest(to: name, among: CommandCatalog.allNames))
            }
            return specs.map { "\($0.spec.usage)  \($0.spec.summary) (\($0.place))" }
        }
        var rows = (screen?.commands ?? []).map(CommandCatalog.helpRow)
        if screen is RoomScreen {
            rows.append(["  plain text", "send it (start it with // to send a text that begins with /)"])
        }
        if case .answer(let question, _)? = screen?.prompt {
            rows.append(["  answer the question", question.trimmingCharacters(in: .whitespaces)])
        }
        let globalRows = CommandCatalog.global.map(CommandCatalog.helpRow)
        // One table, so that both parts line up.
        let table = TextTable.lines(rows + globalRows)
        return ["here (\(path)):"] + table.prefix(rows.count) + ["everywhere:"] + table.suffix(globalRows.count)
    }
}
