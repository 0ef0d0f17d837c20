import Foundation
import TudyCore

/// How tudy tells of a 1:1 message or a mention that arrives in another room (`--notify`):
/// the bell, and with `osc` a desktop notification by the escape sequence a terminal
/// understands. Only tudy's own words and sanitized, printable text of another user's go in
/// it: nothing they type can end the sequence early or start another.
package struct DesktopNotification: Equatable, Sendable {
    /// What `--notify` asks for.
    package enum Mode: String, Equatable, Sendable, CaseIterable {
        /// The bell only (the default).
        case bell
        /// The bell and a desktop notification.
        case osc
        /// Nothing.
        case none
    }

    /// The escape sequence a terminal shows a notification for.
    package enum Sequence: Equatable, Sendable {
        /// `OSC 777 ; notify ; title ; body`: foot, kitty, WezTerm, urxvt, VTE terminals.
        case osc777
        /// `OSC 9 ; text`: iTerm2, Windows Terminal, ConEmu.
        case osc9

        /// The one the terminal named by its environment understands.
        package static func forTerminal(_ environment: [String: String]) -> Sequence {
            environment["TERM_PROGRAM"] == "iTerm.app" || environment["WT_SESSION"] != nil ? .osc9 : .osc777
        }
    }

    /// The most characters of a notification's title and of its body.
    package static let titleLimit = 40
    package static let bodyLimit = 120

    package var sequence: Sequence
    /// Wrapped for tmux, which passes it on to the terminal (`set -g allow-passthrough on`).
    package var throughTmux: Bool

    package init(sequence: Sequence, throughTmux: Bool) {
        self.sequence = sequence
        self.throughTmux = throughTmux
    }

    /// The sequence for a notification of `title` and `body`.
    package func escapeSequence(title: String, body: String) -> String {
        let title = Self.printable(title, limit: Self.titleLimit)
        let body = Self.printable(body, limit: Self.bodyLimit)
        let sequence =
            switch self.sequence {
            case .osc777: "\u{1B}]777;notify;\(title);\(body)\u{07}"
            // Begun by tudy's own word, so that no text can look like one of ConEmu's `9;n` commands.
            case .osc9: "\u{1B}]9;tudy: \(title): \(body)\u{07}"
            }
        guard throughTmux else { return sequence }
        return "\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
    }

    /// Text with nothing a terminal could act on: every control, format and separator
    /// character (escape, bell, the C1 string terminators, bidi overrides, line breaks)
    /// becomes a space, `;` (which ends a field of OSC 777) a comma; runs of spaces are one;
    /// at most `limit` characters.
    package static func printable(_ text: String, limit: Int) -> String {
        var kept = String.UnicodeScalarView()
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            let isBlank: Bool
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .surrogate, .privateUse, .unassigned:
                isBlank = true
            default:
                isBlank = false
            }
            if isBlank {
                if !lastWasSpace { kept.append(" ") }
                lastWasSpace = true
            } else {
                kept.append(scalar == ";" ? "," : scalar)
                lastWasSpace = false
            }
        }
        let clean = String(kept).trimmingCharacters(in: .whitespaces)
        return clean.count > limit ? String(clean.prefix(limit - 1)) + "…" : clean
    }
}
