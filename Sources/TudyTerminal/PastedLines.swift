import TudyCore

/// The lines of a multi-line paste that holds a command, read one by one as if typed, so that
/// a pasted command is never sent as (part of) a message unseen, and a pasted password goes
/// where it would have gone if typed: to the password prompt of the `/login` before it.
///
/// A paste without a command stays one paste (one message in a room).
package struct PastedLines: Equatable, Sendable {
    /// What the next line asked for is.
    package enum Next: Equatable, Sendable {
        /// Nothing is waiting: read from the keyboard.
        case none
        /// The next pasted line, to be taken as typed.
        case line(String)
        /// The rest of the paste, this many lines, was dropped: it followed a `/login` or
        /// `/signup` that asked for no password, so its next line may be one.
        case dropped(Int)
    }

    private var waiting: [String] = []
    /// The line served last began a login or signup: its password may come next.
    private var passwordMayFollow = false
    /// The commands whose next line may be a password, by name: the app's to say.
    private let passwordCommands: Set<String>

    /// - Parameter passwordCommands: the names (without the slash) of the commands that ask
    ///   for a password on the next line.
    package init(passwordCommands: Set<String>) {
        self.passwordCommands = passwordCommands
    }

    /// Whether lines of a paste wait to be read.
    package var isEmpty: Bool { waiting.isEmpty }

    /// Takes a paste (lines joined by LF). - Returns: nil when it stays one paste; else its
    /// first line, to be entered as typed, the rest waiting.
    package mutating func take(_ text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count > 1, lines.contains(where: Self.isCommand) else { return nil }
        waiting = Array(lines.dropFirst())
        noteServed(lines[0])
        return lines[0]
    }

    /// The next line for a request, which asks for a password when `secret`.
    package mutating func next(secret: Bool) -> Next {
        guard !waiting.isEmpty else {
            passwordMayFollow = false
            return .none
        }
        if passwordMayFollow && !secret {
            let count = waiting.count
            drop()
            return .dropped(count)
        }
        let line = waiting.removeFirst()
        if secret {
            // The password was asked for (a signup asks twice; the second comes as the first did).
            passwordMayFollow = false
        } else {
            noteServed(line)
        }
        return .line(line)
    }

    /// Drops what waits (Ctrl-C, the end of the session).
    package mutating func drop() {
        waiting = []
        passwordMayFollow = false
    }

    private mutating func noteServed(_ line: String) {
        if case .command(let name, _) = InputLine(parsing: line) {
            passwordMayFollow = passwordCommands.contains(name)
        } else {
            passwordMayFollow = false
        }
    }

    private static func isCommand(_ line: String) -> Bool {
        if case .command = InputLine(parsing: line) { true } else { false }
    }
}
