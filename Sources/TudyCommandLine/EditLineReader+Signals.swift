@preconcurrency import CEditLine
import Foundation
import TudyApp
import TudyCore
import TudyTerminal

/// Signals, which reach the reader as events from `SignalPipe`: Ctrl-C, Ctrl-Z and `fg`, a
/// resized window, and the ends of a session (SIGTERM, SIGHUP).
extension EditLineReader {
    func received(_ signal: Int32) {
        switch signal {
        case SIGINT: interrupt()
        case SIGWINCH: editor.resize()
        case SIGTSTP: stop()
        case SIGCONT: continued()
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

    /// Ctrl-C: the line being typed is dropped, and a password prompt is left; while a
    /// command runs (`/wait`), it is interrupted, where it can be.
    private func interrupt() {
        pastedLines.drop()
        if case .ahead = reading { return interruptTypingAhead() }
        if case .nothing = reading, let commandInterrupt {
            write("^C\n")
            commandInterrupt()
            return
        }
        abandonReading(with: .interrupted, shown: "^C\n")
    }

    /// Ends the line or password being read with `result`, dropping what was typed; `shown` ends its row.
    private func abandonReading(with result: LineReadResult, shown: String) {
        switch reading {
        case .nothing:
            return
        case .ahead:
            stopLine()
            lineTypedAhead = nil
            write(shown)
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

    /// Ctrl-Z: the prompt leaves the screen, the terminal goes back to how it was, and tudy
    /// stops. What comes back after `fg` is `continued`'s: the process may go on running a
    /// moment after it asked to stop (another thread takes the stop), so nothing set here
    /// after the stop would outlast the shell's own reset of the terminal.
    private func stop() {
        if isEditingLine {
            if !lineHidden {
                hideLine()
                hiddenByStop = true
            }
            terminal.setTypingModes(false)
        }
        terminal.restoreOriginal()
        signals.stopProcess()
    }

    /// SIGCONT (`fg`, `bg`, or a `kill -CONT` after any stop): the terminal is tudy's again,
    /// in the modes of what is being read, with the prompt and the half-typed line drawn anew
    /// on the row the shell left the cursor on. A shell sets its own modes when a job stops,
    /// so they are set whoever stopped tudy.
    private func continued() {
        switch reading {
        case .line, .ahead:
            terminal.set(lineModes ?? terminal.current() ?? termios())
            terminal.setTypingModes(true)
            if hiddenByStop {
                hiddenByStop = false
                showLine()
            } else if !lineHidden {
                // Stopped by someone else: the line was left on the screen, under what the shell wrote.
                write("\r\u{1B}[J")
                lineHidden = true
                showLine()
            }
        case .secret(_, let prompt, _):
            terminal.silence()
            write(prompt)
        case .nothing:
            terminal.holdTypedKeys()
        }
    }
}
