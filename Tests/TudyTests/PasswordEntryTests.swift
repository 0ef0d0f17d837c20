import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

@Suite("A password typed with echo off")
struct PasswordEntryTests {
    /// What typing `bytes` gives: the password once a key ends it, else what the end of input gives.
    private func typed(_ bytes: [UInt8]) -> LineReadResult {
        var entry = PasswordEntry()
        for byte in bytes {
            if let password = entry.take(byte) { return password }
        }
        return entry.atEndOfInput
    }

    @Test("Enter or CR ends it; what follows is not part of it")
    func ending() {
        #expect(typed(Array("secret\nmore".utf8)) == .line("secret"))
        #expect(typed(Array("secret\r".utf8)) == .line("secret"))
        #expect(typed(Array("\n".utf8)) == .line(""))
    }

    @Test("Backspace erases a whole character, of one byte or of several; Ctrl-U the line")
    func editing() {
        #expect(typed(Array("ab\u{7F}c\n".utf8)) == .line("ac"))
        #expect(typed(Array("비밀".utf8) + [0x08] + Array("번호\n".utf8)) == .line("비번호"))
        #expect(typed(Array("👍🏽".utf8) + [0x7F, 0x7F] + Array("x\n".utf8)) == .line("x"))
        #expect(typed([0x7F] + Array("a\n".utf8)) == .line("a"))
        #expect(typed(Array("wrong".utf8) + [0x15] + Array("right\n".utf8)) == .line("right"))
    }

    @Test("Ctrl-D ends the input on an empty line and is ignored after a character; an end of input keeps what was typed")
    func endOfInput() {
        #expect(typed([0x04]) == .end)
        #expect(typed(Array("ab".utf8) + [0x04] + Array("c\n".utf8)) == .line("abc"))
        #expect(typed([]) == .end)
        #expect(typed(Array("half".utf8)) == .line("half"))
    }

    @Test("a password that is not UTF-8, or too long, is refused")
    func refusals() {
        #expect(typed([0xFF, 0x0A]) == .rejected(.invalidUTF8))
        let long = [UInt8](repeating: UInt8(ascii: "x"), count: LineDecoder.maximumLineBytes + 10)
        #expect(typed(long + [0x0A]) == .rejected(.tooLong(limit: LineDecoder.maximumLineBytes)))
    }
}
