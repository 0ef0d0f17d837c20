/// One line of input, sorted into a slash-command or plain text.
package enum InputLine: Equatable, Sendable {
    /// `/name argument…`: the name without the slash, and the rest, trimmed.
    case command(name: String, argument: String)
    /// Anything else, as typed. A leading `//` stands for a text that starts with `/`.
    case text(String)

    package init(parsing line: String) {
        if line.hasPrefix("//") {
            self = .text(String(line.dropFirst()))
        } else if line.hasPrefix("/") {
            let body = line.dropFirst()
            let name = body.prefix { !$0.isWhitespace }
            let argument = body.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
            self = .command(name: name.lowercased(), argument: argument)
        } else {
            self = .text(line)
        }
    }
}

import Foundation
import TudyCore
