import Foundation

/// What tudy runs on, decided once: a person at a terminal, or a pipe or a file.
struct TerminalSession {
    /// Standard input and output are both terminals, and `TERM` is not `dumb`.
    let isInteractive: Bool

    static func detect(environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalSession {
        TerminalSession(
            isInteractive: isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
                && environment["TERM"] != "dumb")
    }
}
