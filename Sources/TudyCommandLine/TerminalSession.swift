import Foundation
import TudyApp
import TudyCore
import TudyTerminal

/// What tudy runs on, decided once: a person at a terminal, or a pipe or a file.
struct TerminalSession {
    /// Standard input and output are both terminals, and `TERM` is not `dumb`.
    let isInteractive: Bool
    /// Colour on a terminal only, and not with `NO_COLOR` set or `--no-color`.
    let colour: Bool

    static func detect(noColor: Bool, environment: [String: String]) -> TerminalSession {
        let interactive =
            isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 && environment["TERM"] != "dumb"
        let colourRefused = noColor || !(environment["NO_COLOR"] ?? "").isEmpty
        return TerminalSession(isInteractive: interactive, colour: interactive && !colourRefused)
    }

    /// What the console may do here: colour, and wrapping to the width read afresh for each line,
    /// so that a resized window (SIGWINCH) is followed.
    @MainActor
    var capabilities: Console.Capabilities {
        guard isInteractive else { return .plain }
        return Console.Capabilities(colour: colour, isTerminal: true) { Self.windowWidth() }
    }

    /// The width of the window standard output is shown in, in columns; nil when it is not a
    /// terminal, or says none.
    static func windowWidth() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// `$XDG_STATE_HOME/tudy` (default `~/.local/state/tudy`): the history and kept logins.
    static func stateDirectory(environment: [String: String]) -> String {
        let stateHome = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        return stateHome + "/tudy"
    }

    /// The key-binding files the line editor reads, in order: `$XDG_CONFIG_HOME/tudy/editrc`
    /// (default `~/.config/tudy/editrc`), then `$EDITRC` or `~/.editrc`, where libedit's
    /// other programs look. Later bindings win.
    static func editrcPaths(environment: [String: String]) -> [String] {
        let home = environment["HOME"] ?? NSHomeDirectory()
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        return [configHome + "/tudy/editrc", environment["EDITRC"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.editrc"]
    }

    /// `$XDG_STATE_HOME/tudy/history`, its directory made 0700.
    static func historyPath(environment: [String: String]) -> String? {
        let directory = stateDirectory(environment: environment)
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return nil
        }
        return directory + "/history"
    }
}
