import TudyCore

/// Where `TerminalKeyReader` takes its bytes: the terminal, or in the fuzzer an array.
package protocol TerminalByteSource {
    /// The next byte, waiting up to `milliseconds` for it (nil: as long as it takes); nil
    /// when none came, or at the end of input.
    mutating func byte(waiting milliseconds: Int32?) -> UInt8?
}

/// One key for the line editor.
package enum TerminalKey: Equatable, Sendable {
    /// A code point: U+FFFD for bytes that are no UTF-8.
    case codePoint(UInt32)
    /// The bytes between a bracketed paste's start and end marks.
    case paste([UInt8])
    /// The terminal's window came to the front (true) or went behind another (false), as a
    /// terminal tells it with focus reporting on (`CSI ? 1004 h`): `ESC [ I`, `ESC [ O`.
    case focus(Bool)
    /// Nothing more came.
    case end
}

/// Turns what a terminal sends into keys for the line editor: whole code points, bracketed
/// pastes taken whole, so that their lines are never taken as typed, and the window's focus.
package struct TerminalKeyReader<Source: TerminalByteSource> {
    package var source: Source
    /// Bytes read past an Escape that did not start a paste: they come next.
    package private(set) var readAhead: [UInt8] = []

    /// How long a lone Escape waits for the rest of a paste's start mark.
    package static var escapeWait: Int32 { 50 }
    /// A paste that never ends (a terminal gone wrong) ends after this much silence.
    package static var pasteWait: Int32 { 1000 }

    private static var pasteStart: [UInt8] { Array("[200~".utf8) }
    private static var pasteEnd: [UInt8] { Array("\u{1B}[201~".utf8) }
    private static var focusIn: [UInt8] { Array("[I".utf8) }
    private static var focusOut: [UInt8] { Array("[O".utf8) }

    package init(source: Source) {
        self.source = source
    }

    /// The next key; it waits for a key's bytes once its first has come.
    package mutating func next() -> TerminalKey {
        guard let lead = byte(waiting: nil) else { return .end }
        if lead == 0x1B {
            if let paste = pasteAfterEscape() { return .paste(paste) }
            for (mark, inFront) in [(Self.focusIn, true), (Self.focusOut, false)] where readAhead.starts(with: mark) {
                readAhead.removeFirst(mark.count)
                return .focus(inFront)
            }
            // Alt-Enter (ESC, then Enter), which libedit would take as one key of its own and
            // drop: the line goes on in the next, as one ending in `\` does, and so it is typed.
            if readAhead.first == 0x0D || readAhead.first == 0x0A { return .codePoint(UInt32(UInt8(ascii: "\\"))) }
        }
        let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 1
        var bytes = [lead]
        while bytes.count < length {
            guard let next = byte(waiting: nil) else { return .end }
            // A byte that can not go on the sequence starts the next key.
            guard next & 0xC0 == 0x80 else {
                readAhead.insert(next, at: 0)
                return .codePoint(0xFFFD)
            }
            bytes.append(next)
        }
        guard let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first else { return .codePoint(0xFFFD) }
        return .codePoint(scalar.value)
    }

    private mutating func byte(waiting milliseconds: Int32?) -> UInt8? {
        if !readAhead.isEmpty { return readAhead.removeFirst() }
        return source.byte(waiting: milliseconds)
    }

    /// After an ESC: the pasted bytes when the rest of a paste's start mark follows; otherwise
    /// nil, and what was read after the ESC is kept to come next, as for an arrow key.
    private mutating func pasteAfterEscape() -> [UInt8]? {
        var seen: [UInt8] = []
        // The mark's bytes may come in two writes.
        while seen.count < Self.pasteStart.count, let next = byte(waiting: Self.escapeWait) {
            seen.append(next)
            guard next == Self.pasteStart[seen.count - 1] else { break }
        }
        guard seen == Self.pasteStart else {
            // Before any bytes already put aside, so they go first.
            readAhead = seen + readAhead
            return nil
        }
        var pasted: [UInt8] = []
        while !pasted.ends(with: Self.pasteEnd), let next = byte(waiting: Self.pasteWait) {
            pasted.append(next)
        }
        return pasted.ends(with: Self.pasteEnd) ? Array(pasted.dropLast(Self.pasteEnd.count)) : pasted
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
