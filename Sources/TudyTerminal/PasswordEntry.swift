import TudyCore

/// A password typed with echo off, taken a byte at a time: the line editor is not in the way,
/// so the few keys that edit a line are handled here.
package struct PasswordEntry: Sendable {
    private var bytes: [UInt8] = []

    package init() {}

    /// Takes the next byte typed; the password once a key ends it, nil while it goes on.
    package mutating func take(_ byte: UInt8) -> LineReadResult? {
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            return LineDecoder.decode(bytes)
        case 0x04:  // Ctrl-D: the end of input on an empty line, and never part of a password
            if bytes.isEmpty { return .end }
        case 0x7F, 0x08:  // erase one character: its UTF-8 continuation bytes, then its lead
            while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
        case 0x15:  // Ctrl-U: erase the line
            bytes.removeAll()
        default:
            // One byte past the limit is kept, so that the line is refused as too long.
            if bytes.count <= LineDecoder.maximumLineBytes { bytes.append(byte) }
        }
        return nil
    }

    /// What the password is when the input ends before a key ends it.
    package var atEndOfInput: LineReadResult {
        bytes.isEmpty ? .end : LineDecoder.decode(bytes)
    }
}
