import Foundation

/// Keys read from the terminal one at a time, as libedit asks for them: a code point, or a
/// whole bracketed paste, which the terminal marks so that its lines are not taken as typed.
enum TerminalKeys {
    /// What one read gives libedit.
    enum Key {
        /// A code point; 0 for nothing (emacs mode's set-mark, which changes nothing).
        case codePoint(Int32)
        /// The bytes between a paste's start and end marks.
        case paste([UInt8])
    }

    /// Whether a byte can be read from standard input now. Ctrl-C flushes what was typed, so
    /// input reported readable may be gone by the time it is read, and a read would then wait
    /// for the next key and take it.
    static func inputWaiting() -> Bool {
        waitForInput(milliseconds: 0)
    }

    /// The next key for libedit, which takes a whole code point, or a paste. libedit
    /// is called only when standard input is readable, and a key's bytes come together. When
    /// Ctrl-C flushed them in between, it gets NUL (emacs mode's set-mark, which changes
    /// nothing), and the interrupt then drops the line.
    static func next() -> Key {
        guard !readAhead.isEmpty || inputWaiting() else { return .codePoint(0) }
        // Nothing to read though input was ready: the end of input. A Ctrl-D typed while a
        // command ran (the kernel, then editing lines, took it as the end of one) comes so.
        // libedit drops an end of input that comes from here, so it gets the key instead.
        guard let lead = byte() else { return .codePoint(endOfInputKey) }
        if lead == 0x1B {
            if let paste = pasteAfterEscape() { return .paste(paste) }
            // Alt-Enter (ESC, then Enter), which libedit would take as one key of its own and
            // drop: the line goes on in the next, as one ending in `\` does, and so it is typed.
            if readAhead.first == 0x0D || readAhead.first == 0x0A { return .codePoint(Int32(UInt8(ascii: "\\"))) }
        }
        let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 1
        var bytes = [lead]
        while bytes.count < length {
            guard let next = byte() else { return .codePoint(EOF) }
            bytes.append(next)
        }
        guard let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first else { return .codePoint(0xFFFD) }
        return .codePoint(Int32(scalar.value))
    }

    /// Ctrl-D: on an empty line, libedit's end of input.
    private static let endOfInputKey: Int32 = 0x04

    /// Whether bytes read past an Escape wait for libedit, which no input event tells of.
    static var hasKeysAhead: Bool { !readAhead.isEmpty }

    /// Bytes read past an escape that did not start a paste: libedit gets them next.
    nonisolated(unsafe) private static var readAhead: [UInt8] = []

    /// The terminal's marks around a paste, after ESC.
    private static let pasteStart = Array("[200~".utf8)
    private static let pasteEnd = Array("\u{1B}[201~".utf8)

    private static func byte() -> UInt8? {
        if !readAhead.isEmpty { return readAhead.removeFirst() }
        var byte: UInt8 = 0
        while true {
            let count = Foundation.read(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            return count == 1 ? byte : nil
        }
    }

    /// After an ESC: the pasted bytes when the rest of a paste's start mark follows; otherwise
    /// nil, and what was read after the ESC is kept for libedit, as for an arrow key.
    private static func pasteAfterEscape() -> [UInt8]? {
        var seen: [UInt8] = []
        // The mark's bytes may come in two writes; a lone Escape key waits 50 ms at most.
        while seen.count < pasteStart.count, !readAhead.isEmpty || waitForInput(milliseconds: 50), let next = byte() {
            seen.append(next)
            guard next == pasteStart[seen.count - 1] else { break }
        }
        guard seen == pasteStart else {
            // Read before any bytes already put aside, so they go first.
            readAhead = seen + readAhead
            return nil
        }
        var pasted: [UInt8] = []
        // A paste that never ends (a terminal gone wrong) ends after a second of silence.
        while !pasted.ends(with: pasteEnd), waitForInput(milliseconds: 1000), let next = byte() {
            pasted.append(next)
        }
        return pasted.ends(with: pasteEnd) ? Array(pasted.dropLast(pasteEnd.count)) : pasted
    }

    private static func waitForInput(milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
