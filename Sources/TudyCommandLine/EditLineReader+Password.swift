import Foundation
import TudyApp
import TudyCore
import TudyTerminal

/// Passwords: read a byte at a time with echo off, never through libedit.
extension EditLineReader {
    /// Starts reading a password with echo off: echo goes off before the prompt is written,
    /// with `TCSANOW`, so a password typed or pasted ahead is kept and never shown. Bytes are
    /// taken one at a time, not by lines: what arrived while libedit had the terminal in raw
    /// mode carries no line boundary for the kernel.
    func startSecret(_ continuation: CheckedContinuation<LineReadResult, Never>, prompt: String) {
        terminal.silence()
        write(prompt)
        reading = .secret(continuation, prompt: prompt, entry: PasswordEntry())
        setInput(running: true)
    }

    func secretByte() {
        guard case .secret(let continuation, let prompt, var entry) = reading, TerminalKeys.inputWaiting() else { return }
        var byte: UInt8 = 0
        let count = Foundation.read(STDIN_FILENO, &byte, 1)
        if count < 0 && errno == EINTR { return }
        guard count == 1 else { return finishSecret(continuation, entry.atEndOfInput) }
        if let password = entry.take(byte) { return finishSecret(continuation, password) }
        reading = .secret(continuation, prompt: prompt, entry: entry)
    }

    func finishSecret(_ continuation: CheckedContinuation<LineReadResult, Never>, _ result: LineReadResult) {
        setInput(running: false)
        reading = .nothing
        terminal.holdTypedKeys()
        write("\n")
        continuation.resume(returning: result)
    }
}
