import Foundation
import GRDB
import Testing
import TudySQLite

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

@Suite("Sanitizer")
struct SanitizerTests {
    /// Text another user could write, and how it must reach the terminal.
    static let corpus: [(id: String, input: String, shown: String)] = [
        ("plain", "hello", "hello"),
        ("korean and emoji", "안녕하세요 👋", "안녕하세요 👋"),
        ("CSI colour", "\u{1B}[31mred\u{1B}[0m", "^[[31mred^[[0m"),
        ("clear screen", "\u{1B}[2J\u{1B}[H", "^[[2J^[[H"),
        ("OSC title", "\u{1B}]0;pwned\u{07}", "^[]0;pwned^G"),
        ("OSC 8 hyperlink", "\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\", "^[]8;;http://x^[\\link^[]8;;^[\\"),
        ("OSC 52 clipboard", "\u{1B}]52;c;ZXZpbA==\u{07}", "^[]52;c;ZXZpbA==^G"),
        ("DCS", "\u{1B}P1$r\u{1B}\\", "^[P1$r^[\\"),
        ("C1 CSI", "\u{9B}31m", "<U+009B>31m"),
        ("C1 OSC", "\u{9D}0;x\u{9C}", "<U+009D>0;x<U+009C>"),
        ("bell and backspace", "a\u{07}\u{08}b", "a^G^Hb"),
        ("carriage return overwrite", "safe\rEVIL", "safe^MEVIL"),
        ("newline inside", "one\ntwo", "one^Jtwo"),
        ("tab", "a\tb", "a^Ib"),
        ("NUL and DEL", "\u{00}\u{7F}", "^@^?"),
        ("bidi override", "abc\u{202E}fed", "abc<U+202E>fed"),
        ("bidi isolate", "\u{2066}x\u{2069}", "<U+2066>x<U+2069>"),
        ("line separator", "a\u{2028}b", "a<U+2028>b"),
    ]

    @Test("the injection corpus is shown inert", arguments: corpus.map { [$0.id, $0.input, $0.shown] })
    func inert(_ entry: [String]) {
        #expect(Sanitizer.inert(entry[1]) == entry[2])
        #expect(!Sanitizer.inert(entry[1]).unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("titles and messages a store holds from before the control-character rule pass the sanitizer on their way out")
    @MainActor
    func endToEnd() async throws {
        // Every store refuses control characters now; a file written by an older tudy may hold them.
        let path = try TemporaryDirectory.make().appendingPathComponent("old.sqlite").path
        let store = try SQLiteChatStore(path: path, clock: .stepping(from: TestApp.start), hasher: Argon2idPasswordHasher(cost: .testing))
        let testApp = TestApp(store: store)
        for name in ["alice", "bob"] { _ = try await testApp.store.signUp(name: name, password: "password-\(name)") }
        testApp.context.login.session = try await testApp.session("bob")
        _ = try await testApp.store.createProject(
            ProjectDraft(title: "T", works: ["ios"], capacity: 2, body: "B"), by: try await testApp.session("alice"))
        let room = try await testApp.store.directRoom(between: try await testApp.session("alice"), and: User(name: "bob"))
        _ = try await testApp.store.send("hi", to: room.id, from: try await testApp.session("alice"))
        let evil = "\u{1B}]0;owned\u{07}\u{1B}[2J"
        let older = try DatabaseQueue(path: path)
        try await older.write { db in
            try db.execute(sql: "UPDATE project SET title = title || ?, body = body || ?", arguments: [evil, evil])
            try db.execute(sql: "UPDATE message SET text = text || ?", arguments: [evil])
        }
        try older.close()

        _ = await testApp.run(script: "/list\n/open 1\n/chat\n/open 1\n/x\(evil)\n/dm \(evil)\n")
        let written = testApp.output.standardOutput + testApp.output.standardError
        #expect(!written.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(testApp.output.standardError.contains("unknown command /x^[]0;owned^G^[[2j"))
        #expect(testApp.output.standardOutput.contains("#1 T^[]0;owned^G^[[2J"))
        #expect(testApp.output.standardOutput.contains("alice: hi^[]0;owned^G^[[2J"))
    }
}
