/// What `/help` shows, as a value: the commands that work on the screen in view and those that
/// work everywhere, or the usages of one command. Text draws it as one table fitted to the
/// window; `--json` gives its rows.
package enum HelpListing: Sendable, Equatable {
    /// The whole page at `path`: the screen's own commands (`here`, with what plain text does
    /// there), the global ones (`everywhere`), and those a modal holds back.
    case page(path: String, here: [Row], everywhere: [Row], heldBack: HeldBack?)
    /// `/help NAME`: the command's usages, each with where it works.
    case command([Usage])

    /// A command's usage (`/open <id>`, or `plain text`) and what it does.
    package struct Row: Sendable, Equatable, Encodable {
        package var usage: String
        package var summary: String

        package init(usage: String, summary: String) {
            (self.usage, self.summary) = (usage, summary)
        }
    }

    /// One usage of a command and the place it works (`the Home tab`).
    package struct Usage: Sendable, Equatable, Encodable {
        package var usage: String
        package var summary: String
        package var place: String

        package init(usage: String, summary: String, place: String) {
            (self.usage, self.summary, self.place) = (usage, summary, place)
        }
    }

    /// What a modal holds back while it is open: what the user is doing, and the commands.
    package struct HeldBack: Sendable, Equatable, Encodable {
        package var activity: String
        package var commands: [String]

        package init(activity: String, commands: [String]) {
            (self.activity, self.commands) = (activity, commands)
        }
    }

    /// The lines of text, both parts of a page one table so that they line up, fitted to
    /// `width` (nil: no window, nothing cut).
    package func lines(width: Int?) -> [String] {
        switch self {
        case .command(let usages):
            return usages.map { "\($0.usage)  \($0.summary) (\($0.place))" }
        case .page(let path, let here, let everywhere, let heldBack):
            let table = TextTable.rowLines((here + everywhere).map { ["  " + $0.usage, $0.summary] }, width: width)
            let own = here.isEmpty ? [] : ["here (\(path)):"] + table.prefix(here.count).joined()
            var page = own + ["everywhere (\(path)):"] + table.suffix(everywhere.count).joined()
            if let heldBack, !heldBack.commands.isEmpty {
                page.append("held back while \(heldBack.activity): " + heldBack.commands.joined(separator: ", ") + " (finish it, or /back)")
            }
            return page
        }
    }
}
