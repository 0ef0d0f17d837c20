@preconcurrency import CEditLine
import Foundation
import TudyKit

/// Signals, which reach the reader as events from `SignalPipe`: Ctrl-C, Ctrl-Z, a resized
/// window, and the ends of a session (SIGTERM, SIGHUP).
extension EditLineReader {
    func received(_ signal: Int32) {
        switch signal {
        case SIGINT: interrupt()
        case SIGWINCH: editor.resize()
        case SIGTSTP: stop()
        case SIGTERM, SIGHUP: end()
        default: break
        }
    }

    /// SIGTERM (a `kill`, a shutdown) or SIGHUP (the terminal closed): the session ends as at
    /// the end of input, now or after the command that runs, so that the store closes whole and
    /// the terminal is put back.
    private func end() {
        ended = true
        abandonReading(with: .end, shown: "\n")
    }

    /// Ctrl-C: the line being typed is dropped, and a password prompt is left.
    private func interrupt() {
        pastedLines.drop()
        abandonReading(with: .interrupted, shown: "^C\n")
    }

    /// Ends the line or password being read with `result`, dropping what was typed; `shown` ends its row.
    private func abandonReading(with result: LineReadResult, shown: String) {
        switch reading {
        case .nothing:
            return
        case .line(let continuation):
            if search != nil {
                search = nil
                editor.setPrompt(prompt)
            }
            // The next line starts empty.
            stopLine()
            write(shown)
            continuation.resume(returning: result)
        case .secret(let continuation, _, _):
            finishSecret(continuation, result)
        }
    }

    /// Ctrl-Z: the terminal goes back to how it was and tudy stops; after `fg` the terminal
    /// mode, the prompt and the half-typed line come back.
    private func stop() {
        let current = terminal.current()
        if case .line = reading {
            hideLine()
            terminal.setTypingModes(false)
        }
        terminal.restoreOriginal()
        signals.stopProcess()
        // Here again after SIGCONT.
        current.map(terminal.set)
        if case .line = reading { terminal.setTypingModes(true) }
        switch reading {
        case .line: showLine()
        case .secret(_, let prompt, _): write(prompt)
        case .nothing: break
        }
    }
}
