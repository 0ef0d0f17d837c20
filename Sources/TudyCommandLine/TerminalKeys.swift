import Foundation
import TudyApp
import TudyCore
import TudyTerminal

/// Keys read from the terminal one at a time, as libedit asks for them: a code point, or a
/// whole bracketed paste. The decoding is `TerminalKeyReader`'s (fuzzed); here is the reading.
enum TerminalKeys {
    /// What one read gives libedit.
    enum Key {
        /// A code point; 0 for nothing (emacs mode's set-mark, which changes nothing).
        case codePoint(Int32)
        /// The bytes between a paste's start and end marks.
        case paste([UInt8])
    }

    nonisolated(unsafe) private static var reader = TerminalKeyReader(source: StandardInputBytes())

    /// Whether the terminal's window is in front, as it last said while a line was typed (it
    /// says so only then); in front until it says otherwise.
    nonisolated(unsafe) static var isInFront = true

    /// Whether the terminal went away under tudy (its window closed, its connection dropped):
    /// input ends, and no key will come again. Nothing says so but the end of input itself,
    /// since a terminal's leader is sent SIGHUP, not always tudy.
    nonisolated(unsafe) private(set) static var isHungUp = false

    /// Whether a byte can be read from standard input now. Ctrl-C flushes what was typed, so
    /// input reported readable may be gone by the time it is read, and a read would then wait
    /// for the next key and take it.
    static func inputWaiting() -> Bool {
        StandardInputBytes.ready(milliseconds: 0)
    }

    /// The next key for libedit, which takes a whole code point, or a paste. libedit
    /// is called only when standard input is readable, and a key's bytes come together. When
    /// Ctrl-C flushed them in between, it gets NUL (emacs mode's set-mark, which changes
    /// nothing), and the interrupt then drops the line.
    static func next() -> Key {
        guard hasKeysAhead || inputWaiting() else { return .codePoint(0) }
        switch reader.next() {
        case .codePoint(let value): return .codePoint(Int32(bitPattern: value))
        case .paste(let bytes): return .paste(bytes)
        case .focus(let inFront):
            // Kept for the notifications, and nothing for libedit.
            isInFront = inFront
            return .codePoint(0)
        // Nothing to read though input was ready: the end of input. A Ctrl-D typed while a
        // command ran (the kernel, then editing lines, took it as the end of one) comes so.
        // libedit drops an end of input that comes from here, so it gets the key instead.
        case .end:
            // A terminal that hung up answers no question about itself; one still there does.
            var modes = termios()
            if tcgetattr(STDIN_FILENO, &modes) != 0 { isHungUp = true }
            return .codePoint(endOfInputKey)
        }
    }

    /// Ctrl-D: on an empty line, libedit's end of input.
    private static let endOfInputKey: Int32 = 0x04

    /// Whether bytes read past an Escape wait for libedit, which no input event tells of.
    static var hasKeysAhead: Bool { !reader.readAhead.isEmpty }
}

/// Standard input, a byte at a time.
struct StandardInputBytes: TerminalByteSource {
    mutating func byte(waiting milliseconds: Int32?) -> UInt8? {
        if let milliseconds, !Self.ready(milliseconds: milliseconds) { return nil }
        var byte: UInt8 = 0
        while true {
            let count = Foundation.read(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            return count == 1 ? byte : nil
        }
    }

    static func ready(milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }
}
