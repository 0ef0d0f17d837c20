import TudyApp
import TudyCore
import TudyTerminal

/// The line editor's input: bytes as a terminal sends them, made keys by `TerminalKeyReader`.
extension FuzzTarget {
    static func terminalKeys(_ bytes: [UInt8]) {
        let keys = readKeys(bytes)
        precondition(keys.count <= bytes.count, "more keys than bytes")
        precondition(isTakenFrom(bytes, keys), "a key holds a byte that was not sent")
        if !bytes.contains(0x1B), let text = String(validating: bytes, as: UTF8.self) {
            precondition(keys == text.unicodeScalars.map { .codePoint($0.value) }, "typed text changed")
        }
        // The same bytes pasted: one paste, exactly them.
        let end = Array("\u{1B}[201~".utf8)
        if !bytes.indices.contains(where: { bytes[$0...].starts(with: end) }) {
            let pasted = readKeys(Array("\u{1B}[200~".utf8) + bytes + end)
            precondition(pasted == [.paste(bytes)], "a paste changed")
        }
    }

    private static func readKeys(_ bytes: [UInt8]) -> [TerminalKey] {
        var reader = TerminalKeyReader(source: SentBytes(bytes: bytes))
        var keys: [TerminalKey] = []
        while case let key = reader.next(), key != .end { keys.append(key) }
        return keys
    }

    /// Whether every key's bytes come from `bytes`, in order: a code point its UTF-8 (U+FFFD
    /// stands for bytes that were no UTF-8, and `\` for Alt-Enter's Escape), a paste its bytes,
    /// a change of focus its report.
    private static func isTakenFrom(_ bytes: [UInt8], _ keys: [TerminalKey]) -> Bool {
        var position = bytes.startIndex
        func take(_ wanted: (UInt8) -> Bool) -> Bool {
            guard let found = bytes[position...].firstIndex(where: wanted) else { return false }
            position = found + 1
            return true
        }
        for key in keys {
            switch key {
            case .codePoint(0xFFFD): continue
            case .codePoint(0x5C): if !take({ $0 == 0x5C || $0 == 0x1B }) { return false }
            case .codePoint(let value):
                guard let scalar = Unicode.Scalar(value) else { return false }
                for byte in String(scalar).utf8 where !take({ $0 == byte }) { return false }
            case .paste(let pasted):
                for byte in pasted where !take({ $0 == byte }) { return false }
            case .focus(let inFront):
                for byte in [0x1B, 0x5B, inFront ? 0x49 : 0x4F] as [UInt8] where !take({ $0 == byte }) { return false }
            case .end: return false
            }
        }
        return true
    }
}

/// Bytes as sent, all at once.
private struct SentBytes: TerminalByteSource {
    let bytes: [UInt8]
    var position = 0

    mutating func byte(waiting milliseconds: Int32?) -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }
}
