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
    /// - Throws: `CommandError.unknown` for a name no screen knows.
    static func listing(
        for argument: String, on screen: (any Screen)?, tabRoot: (any Screen)?,
        modal: (activity: String, heldBack: [CommandName])?, at path: String
    ) throws -> HelpListing {
        if !argument.isEmpty {
            let typed = argument.hasPrefix("/") ? String(argument.dropFirst()).lowercased() : argument.lowercased()
            let specs = CommandTable.name(typed).map(CommandTable.specs(named:)) ?? []
            guard !specs.isEmpty else {
                throw CommandError.unknown(
                    name: typed, suggestion: CommandSuggestion.nearest(to: typed, among: CommandTable.allNames))
            }
            return .command(specs.map { HelpListing.Usage(usage: $0.spec.usage, summary: $0.spec.summary, place: $0.place) })
        }
        let own = screen?.commands ?? []
        let tab = (tabRoot?.commands ?? []).filter { spec in !own.contains { $0.name == spec.name } }
        var rows = (own + tab).map(CommandTable.helpRow)
        if screen?.composesMessages == true {
            rows.append(HelpListing.Row(
                usage: "plain text",
                summary: "send it, up to \(Message.maximumLength) characters (start it with // to send a text that begins with /)"))
        }
        if case .answer(let question, _)? = screen?.prompt {
            rows.append(HelpListing.Row(usage: "answer the question", summary: question.trimmingCharacters(in: .whitespaces)))
        }
        let heldBack = modal?.heldBack ?? []
        let everywhere = CommandTable.everywhere.filter { !heldBack.contains($0.name) }.map(CommandTable.helpRow)
        let held = modal.map { HelpListing.HeldBack(activity: $0.activity, commands: heldBack.map { "/" + $0.typed }) }
        return .page(path: path, here: rows, everywhere: everywhere, heldBack: held)
    }
}
