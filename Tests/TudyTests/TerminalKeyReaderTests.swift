import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

@Suite("Keys from a terminal's bytes")
struct TerminalKeyReaderTests {
    private struct Sent: TerminalByteSource {
        var bytes: [UInt8]
        mutating func byte(waiting milliseconds: Int32?) -> UInt8? { bytes.isEmpty ? nil : bytes.removeFirst() }
    }

    private func keys(_ bytes: [UInt8]) -> [TerminalKey] {
        var reader = TerminalKeyReader(source: Sent(bytes: bytes))
        var keys: [TerminalKey] = []
        while case let key = reader.next(), key != .end { keys.append(key) }
        return keys
    }

    @Test("whole code points; a byte that can not go on a sequence is a key of its own, not lost")
    func codePoints() {
        #expect(keys(Array("한😀e\u{301}".utf8)) == [0xD55C, 0x1F600, 0x65, 0x301].map { .codePoint($0) })
        #expect(keys([0xED, 0x95, 0x41, 0x42]) == [.codePoint(0xFFFD), .codePoint(0x41), .codePoint(0x42)])
    }

    @Test("a bracketed paste is one key, exactly its bytes; an arrow's Escape is not a paste; Alt-Enter types a backslash")
    func escapes() {
        #expect(keys(Array("\u{1B}[200~a\rb\u{1B}[201~x".utf8)) == [.paste(Array("a\rb".utf8)), .codePoint(0x78)])
        #expect(keys(Array("\u{1B}[D".utf8)) == [0x1B, 0x5B, 0x44].map { .codePoint($0) })
        #expect(keys([0x1B, 0x0D]) == [.codePoint(0x5C), .codePoint(0x0D)])
    }

    @Test("a report of the window's focus is a key of its own, never typed; other sequences after an Escape are keys as before")
    func focus() {
        #expect(keys(Array("a\u{1B}[Ib\u{1B}[O".utf8)) == [.codePoint(0x61), .focus(true), .codePoint(0x62), .focus(false)])
        #expect(keys(Array("\u{1B}[A\u{1B}OI".utf8)) == [0x1B, 0x5B, 0x41, 0x1B, 0x4F, 0x49].map { .codePoint($0) })
    }
}
