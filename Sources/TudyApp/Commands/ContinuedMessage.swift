import TudyCore
import TudyTerminal

/// A message typed over several lines: a line that ends in `\` goes on in the next, which is
/// taken as it is, never as a command; blanks before that `\` are dropped. `\\` at the end
/// of a line stands for one `\`, and ends the message there.
struct ContinuedMessage {
    private var lines: [String] = []

    /// Whether a line ended in `\` and the message waits for the next.
    var isOpen: Bool { !lines.isEmpty }

    /// The prompt of a line that continues a message.
    static let prompt = "...> "

    /// Whether a line ending in `\` starts a message: a text, or `/edit`'s new text; never
    /// another command, whose next line (a password, say) must stay a line of its own.
    static func mayStart(_ line: String) -> Bool {
        switch InputLine(parsing: line) {
        case .text: true
        case .command(let name, _): CommandTable.name(name) == .edit
        }
    }

    /// Takes the next line: the whole message when the line ends it, nil while it goes on.
    mutating func take(_ line: String) -> String? {
        if line.hasSuffix("\\\\") { return finish(String(line.dropLast())) }
        guard line.hasSuffix("\\") else { return finish(line) }
        // Blanks before the `\` would end a line of the message unseen.
        var kept = line.dropLast()
        while kept.last == " " || kept.last == "\t" { kept = kept.dropLast() }
        lines.append(String(kept))
        return nil
    }

    /// Drops what was gathered (Ctrl-C); whether there was anything.
    @discardableResult
    mutating func drop() -> Bool {
        defer { lines = [] }
        return isOpen
    }

    private mutating func finish(_ last: String) -> String {
        defer { lines = [] }
        return (lines + [last]).joined(separator: "\n")
    }
}
