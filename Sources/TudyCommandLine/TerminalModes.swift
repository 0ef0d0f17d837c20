import Foundation

/// Standard input's terminal modes, as tudy sets them around the line editor, and the
/// terminal's bracketed-paste mode. The terminal as it was before tudy is kept, to be put back
/// at the end and before a stop (Ctrl-Z). Without a terminal (a pipe), nothing here does anything.
struct TerminalModes {
    /// The terminal as it was before tudy.
    private let original: termios
    /// Whether standard input is a terminal.
    let hasTerminal: Bool

    init() {
        var modes = termios()
        hasTerminal = tcgetattr(STDIN_FILENO, &modes) == 0
        original = modes
    }

    /// The modes as they are now, to be set again after a stop; nil without a terminal.
    func current() -> termios? {
        guard hasTerminal else { return nil }
        var modes = termios()
        tcgetattr(STDIN_FILENO, &modes)
        return modes
    }

    /// Sets `modes`, at once (`TCSANOW`): what was typed ahead stays.
    func set(_ modes: termios) {
        guard hasTerminal else { return }
        var modes = modes
        tcsetattr(STDIN_FILENO, TCSANOW, &modes)
    }

    /// Puts the terminal back as it was before tudy.
    func restoreOriginal() {
        set(original)
    }

    /// Between lines the terminal is libedit's no longer; echo stays off, so that keys typed
    /// while a command runs (a password, say) never show. The kernel's end-of-file key is off
    /// too: a Ctrl-D typed then stays a key, which libedit takes as the end once the next line
    /// is read, rather than an end of file it never sees (`restoreEndOfFileKey` puts it back).
    func holdTypedKeys() {
        guard var held = current() else { return }
        held.c_lflag &= ~tcflag_t(ECHO)
        withUnsafeMutableBytes(of: &held.c_cc) { $0[Int(VEOF)] = 0 }  // _POSIX_VDISABLE
        set(held)
    }

    /// The end-of-file key as it was, before libedit looks at the terminal: it learns its end
    /// of input from it.
    func restoreEndOfFileKey() {
        guard var modes = current() else { return }
        let key = withUnsafeBytes(of: original.c_cc) { $0[Int(VEOF)] }
        withUnsafeMutableBytes(of: &modes.c_cc) { $0[Int(VEOF)] = key }
        set(modes)
    }

    /// Bracketed-paste and focus-reporting modes, which tudy turns on while a line is typed: the
    /// terminal marks what is pasted, so that a paste of several lines is taken whole rather
    /// than as lines typed and entered, and says when its window comes to the front or goes
    /// behind, for the notifications. Off meanwhile: a password typed never holds either.
    func setTypingModes(_ on: Bool) {
        guard hasTerminal else { return }
        var bytes = Array((on ? "\u{1B}[?2004h\u{1B}[?1004h" : "\u{1B}[?2004l\u{1B}[?1004l").utf8)
        _ = write(STDOUT_FILENO, &bytes, bytes.count)
    }

    /// A password's mode: no echo, and bytes one at a time rather than by lines.
    func silence() {
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO | ICANON)
        withUnsafeMutableBytes(of: &silent.c_cc) {
            $0[Int(VMIN)] = 1
            $0[Int(VTIME)] = 0
        }
        set(silent)
    }
}
