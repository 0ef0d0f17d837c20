import Foundation
import TudyCore
import TudyTerminal

/// What `/help` shows: the commands of the screen in view and the global ones, or one command's usage.
@MainActor
enum HelpPage {
    /// - Parameters:
    ///   - argument: a command name, with or without its slash; empty for the whole page.
    ///   - screen: the screen in view; `path` is where it is, as `/where` says it.
    ///   - tabRoot: the root of the tab in view, when it is not the screen: its commands work here too.
    ///   - modal: what the user is doing in a modal and the global commands it holds back; nil when none is.
    ///   - width: the window's width, which the table fits; nil when there is none.
    /// - Throws: `CommandError.unknown` for a name no screen knows.
    static func lines(
        for argument: String, on screen: (any Screen)?, tabRoot: (any Screen)?,
        modal: (activity: String, heldBack: [GlobalCommand])?, at path: String, width: Int? = nil
    ) throws -> [String] {
        if !argument.isEmpty {
            let name = argument.hasPrefix("/") ? String(argument.dropFirst()).lowercased() : argument.lowercased()
            let specs = CommandCatalog.specs(named: name)
            guard !specs.isEmpty else {
                throw CommandError.unknown(
                    name: name, suggestion: CommandSuggestion.nearest(to: name, among: CommandCatalog.allNames))
            }
            return specs.map { "\($0.spec.usage)  \($0.spec.summary) (\($0.place))" }
        }
        let own = screen?.commands ?? []
        let tab = (tabRoot?.commands ?? []).filter { spec in !own.contains { $0.name == spec.name } }
        var rows = (own + tab).map(CommandCatalog.helpRow)
        if screen?.composesMessages == true {
            rows.append(["  plain text", "send it, up to \(Message.maximumLength) characters (start it with // to send a text that begins with /)"])
        }
        if case .answer(let question, _)? = screen?.prompt {
            rows.append(["  answer the question", question.trimmingCharacters(in: .whitespaces)])
        }
        let heldBack = modal?.heldBack ?? []
        let globalRows = GlobalCommand.allCases.filter { !heldBack.contains($0) }.map { CommandCatalog.helpRow($0.spec) }
        // One table, so that both parts line up.
        let table = TextTable.rowLines(rows + globalRows, width: width)
        let here = rows.isEmpty ? [] : ["here (\(path)):"] + table.prefix(rows.count).joined()
        var page = here + ["everywhere (\(path)):"] + table.suffix(globalRows.count).joined()
        if let modal, !heldBack.isEmpty {
            page.append("held back while \(modal.activity): " + heldBack.map { "/" + $0.rawValue }.joined(separator: ", ")
                + " (finish it, or /back)")
        }
        return page
    }
}
