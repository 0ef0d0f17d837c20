import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudySQLite

extension InteractiveTests {

    /// The messages of room 1 in the test's store, read as bob once tudy has ended.
    func storedMessages() async throws -> [Message] {
        let store = try SQLiteChatStore(
            path: directory.path + "/tudy.sqlite", clock: .stepping(from: TestApp.start), hasher: Argon2idPasswordHasher(cost: .testing))
        let bob = try await store.logIn(name: "bob", password: "bob-password")
        return try await store.messages(in: 1, for: bob, before: nil, limit: 1_000).messages
    }

    /// What a line is made of, one character (as Swift counts them) repeated.
    static let longLineUnits: [(script: String, unit: String)] = [
        ("ASCII", "a"), ("Korean", "한"), ("emoji", "😀"), ("combining marks", "e\u{301}"),
    ]

    /// Lengths in characters around where libedit's buffers grew (1,024-character line buffer,
    /// UTF-8 conversion buffer in steps of 1,024 bytes, 3 bytes a syllable, 4 an emoji), the
    /// message limit, 64 KiB, and far past them.
    static let longLineLengths = [1, 255, 256, 341, 342, 1021, 1022, 1024, 1025, 2047, 3070, 4000, 4001, 8200, 16_400, 100_000]

    @Test(
        "a line of any length, in any script, typed in one go or pasted: tudy never crashes, a message is sent as typed, a longer one is refused naming the limit",
        arguments: longLineUnits, [false, true])
    func longLines(_ units: (script: String, unit: String), bracketed: Bool) async throws {
        let (script, unit) = units
        let terminal = try bobInRoom(width: 80, height: 24)

        var sent: [String] = []
        var previousMark = "@alice · alice, bob"
        for (index, length) in Self.longLineLengths.enumerated() {
            let line = String(repeating: unit, count: length)
            // Unbracketed, the bytes come as fast as a terminal sends them, as typing does.
            try terminal.paste(line, bracketed: bracketed)
            try terminal.press("Enter")
            // Lines are read in order: once this one is shown, the long one before it was handled.
            let mark = "\(script) done \(index)"
            try terminal.enter([mark])
            let shown = try terminal.waitUntil(seconds: 60) { $0.contains("bob: \(mark)") }
            let answer = shown.components(separatedBy: "bob: \(previousMark)").last ?? ""
            let refusal = line.utf8.count > LineDecoder.maximumLineBytes ? "the line is longer than 64 KiB" : try Self.documentedLine("### Long lines and the message limit")
            if length <= Message.maximumLength {
                sent.append(line)
                #expect(!answer.contains("error:"), "\(script), \(length) characters:\n\(answer)")
            } else {
                #expect(answer.contains(refusal), "\(script), \(length) characters:\n\(answer)")
            }
            sent.append(mark)
            previousMark = mark
        }
        try terminal.enter(["/quit"])
        #expect(try terminal.waitUntil { $0.contains("EXIT=") }.contains("EXIT=0"), "\(script): tudy did not end well")

        let stored = try await storedMessages().filter { $0.sender.name == "bob" }.map(\.text)
        #expect(stored.suffix(sent.count).elementsEqual(sent), "\(script): the messages stored are not the lines typed")
    }
}

extension InteractiveTests {
    @Test("a one-line bracketed paste joins the half-typed line: the prompt drawn once, the message exactly what was typed and pasted")
    func oneLinePaste() async throws {
        let terminal = try bobInRoom(width: 80, height: 24)
        try terminal.type("typed, then ")
        try terminal.waitUntil { $0.contains("bob> typed, then") }
        try terminal.paste("pasted 붙여넣기 😀", bracketed: true)
        let shown = try terminal.waitUntil { $0.contains("typed, then pasted 붙여넣기 😀") }
        #expect(shown.components(separatedBy: "@alice  bob>").count == 2, "the prompt is drawn more than once:\n\(shown)")
        try terminal.press("Enter")
        try terminal.enter(["/quit"])
        #expect(try terminal.waitUntil { $0.contains("EXIT=") }.contains("EXIT=0"))

        let last = try await storedMessages().last
        #expect(last?.text == "typed, then pasted 붙여넣기 😀")
    }
}

extension InteractiveTests {
    @Test("a paste that holds commands runs as typed, line by line: a pasted password goes to the login's prompt, never shown, sent or kept; after a login that asks none, the rest is dropped")
    func pastedCommands() async throws {
        let terminal = try bobInRoom(width: 120, height: 24)
        // Pasted only at the prompt: between lines bracketed paste is off, and tmux sends the
        // lines unmarked, as typed (under load the room's first screen came before its prompt).
        try terminal.waitUntil { Self.endsWith($0, "@alice  bob>") }
        // Already logged in: this /login asks no password, so the line after it is never typed.
        try terminal.paste("before\n/login alice\nalice-password\nafter\n", bracketed: true)
        let dropped = try Self.documentedLine("### Pasting")
        var shown = try terminal.waitUntil { $0.contains(dropped) }
        #expect(shown.contains("] bob: before"))
        #expect(shown.contains("you are logged in as bob"), "\(shown)")
        try terminal.waitUntil { Self.endsWith($0, "@alice  bob>") }
        try terminal.paste("/logout\n/login alice\nalice-password\n/whoami\n", bracketed: true)
        shown = try terminal.waitUntil { $0.contains("logged in as alice") && $0.hasSuffix("alice>") || $0.contains("\nalice\n") }
        try terminal.enter(["/quit"])
        shown = try terminal.waitUntil { $0.contains("EXIT=") }
        #expect(shown.contains("EXIT=0"))
        #expect(shown.contains("logged in as alice"), "\(shown)")
        #expect(!shown.contains("alice-password"), "\(shown)")
        #expect(!shown.contains("bob: after"))
        #expect(!history.contains("alice-password"))
        #expect(history.contains("/whoami"))

        let texts = try await storedMessages().map(\.text)
        #expect(texts.last == "before")
        #expect(!texts.contains { $0.contains("alice-password") })
    }
}

extension InteractiveTests {
    @Test("Ctrl-R searches the history backwards as keys are typed, Korean too; Ctrl-G puts the line back, Enter runs the match")
    func historySearch() throws {
        let terminal = try TmuxSession(command: command("--memory"), width: 80, height: 24)
        try terminal.waitUntil { $0.contains("home > board  guest>") }
        try terminal.enter(["/help list", "/where", "//안녕 여러분", "/whoami"])
        try terminal.waitUntil { $0.trimmed.hasSuffix("guest\nhome > board  guest>") }
        try terminal.type("half")
        try terminal.press("C-r")
        try terminal.type("he")
        try terminal.waitUntil { $0.trimmed.hasSuffix(try! Self.documentedLine("### Searching the history")) }
        try terminal.press("C-r")
        try terminal.waitUntil { $0.trimmed.hasSuffix("(reverse-i-search)`he': /help list") }
        try terminal.type("x")
        try terminal.waitUntil { $0.trimmed.hasSuffix("(failed reverse-i-search)`hex': /help list") }
        try terminal.press("C-g")
        try terminal.waitUntil { $0.trimmed.hasSuffix("home > board  guest> half") }
        try terminal.press("C-u", "C-r")
        try terminal.type("여러")
        try terminal.waitUntil { $0.trimmed.hasSuffix("(reverse-i-search)`여러': //안녕 여러분") }
        try terminal.press("C-r", "BSpace", "BSpace")
        try terminal.type("wh")
        try terminal.waitUntil { $0.trimmed.hasSuffix("(reverse-i-search)`wh': /whoami") }
        try terminal.press("Enter")
        let shown = try terminal.waitUntil { $0.trimmed.hasSuffix("guest\nhome > board  guest>") && $0.components(separatedBy: "\nguest\n").count == 3 }
        #expect(shown.components(separatedBy: "plain text is sent only").count == 2, "\(shown)")
        try terminal.press("C-d")
        #expect(try terminal.waitUntil { $0.contains("EXIT=") }.contains("EXIT=0"))
    }
}

extension InteractiveTests {
    /// The one line the article on using tudy shows under `heading`: what tudy prints there.
    static func documentedLine(_ heading: String) throws -> String {
        try ReadmeTests.block(after: heading, language: "text", in: ReadmeTests.article("UsingTudy")).trimmingCharacters(in: .newlines)
    }
}

extension String {
    /// The screen without the blank rows under the cursor.
    fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}

extension InteractiveTests {
    /// tudy with `$XDG_CONFIG_HOME/tudy/editrc` and `~/.editrc` holding these lines.
    private func withEditrc(xdg: String, home: String) throws -> String {
        let config = directory.appendingPathComponent("config/tudy")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try xdg.write(to: config.appendingPathComponent("editrc"), atomically: true, encoding: .utf8)
        try home.write(to: directory.appendingPathComponent(".editrc"), atomically: true, encoding: .utf8)
        return command("--memory").replacingOccurrences(
            of: "TERM=xterm-256color", with: "XDG_CONFIG_HOME='\(directory.path)/config' HOME='\(directory.path)' EDITRC= TERM=xterm-256color")
    }

    @Test("key bindings of your own: $XDG_CONFIG_HOME/tudy/editrc, then ~/.editrc; a string binding runs whole at once; vi mode")
    func editrc() throws {
        let strings = try TmuxSession(command: withEditrc(
            xdg: ReadmeTests.block(after: "### Your own key bindings", language: "text", in: ReadmeTests.article("UsingTudy")) + "other:bind -s ^Y \"/quit\\n\"\n",
            home: "bind -s ^Y \"/whoami\\n\"\n"))
        try strings.waitUntil { $0.contains("home > board  guest>") }
        try strings.press("C-t")
        try strings.waitUntil { $0.contains("guest> /where\nhome > board\nhome > board  guest>") }
        try strings.press("C-y")
        try strings.waitUntil { $0.contains("guest> /whoami\nguest\nhome > board  guest>") }
        try strings.press("C-d")
        #expect(try strings.waitUntil { $0.contains("EXIT=") }.contains("EXIT=0"))

        let vi = try TmuxSession(command: withEditrc(xdg: "bind -v\n", home: ""))
        try vi.waitUntil { $0.contains("home > board  guest>") }
        try vi.type("/wherex")
        try vi.press("Escape")
        try vi.type("x")
        try vi.press("Enter")
        let shown = try vi.waitUntil { $0.contains("guest> /where\nhome > board\n") }
        #expect(!shown.contains("unknown command"), "\(shown)")
    }
}

extension InteractiveTests {
    @Test("two sessions at once keep every line of both in the history; a session started later reads them all")
    func sharedHistory() throws {
        let first = try TmuxSession(command: command("--memory"))
        let second = try TmuxSession(command: command("--memory"))
        try first.waitUntil { $0.contains("home > board  guest>") }
        try second.waitUntil { $0.contains("home > board  guest>") }
        try first.enter(["/home"])
        try first.waitUntil { $0.contains("guest> /home\n") }
        try second.enter(["/whoami"])
        try second.waitUntil { $0.contains("\nguest\n") }
        try first.enter(["/where"])
        try first.waitUntil { $0.contains("guest> /where\nhome > board\n") }
        for terminal in [first, second] {
            try terminal.press("C-d")
            #expect(try terminal.waitUntil { $0.contains("EXIT=") }.contains("EXIT=0"))
        }
        let lines = history.split(separator: "\n").map(String.init)
        #expect(lines.suffix(3) == ["/home", "/whoami", "/where"], "\(lines)")

        let later = try TmuxSession(command: command("--memory"))
        try later.waitUntil { $0.contains("home > board  guest>") }
        try later.press("Up", "Up")
        #expect(try later.waitUntil { $0.contains("guest> /whoami") }.contains("guest> /whoami"))
    }
}

extension InteractiveTests {
    @Test("Tab reads the names when it is pressed: someone who signs up in another process while a line is typed is offered")
    func freshNames() throws {
        let terminal = try bobInRoom(width: 100, height: 24)
        try terminal.type("/dm da")
        try terminal.press("Tab")
        try terminal.waitUntil { $0.contains("bob> /dm da") }
        let signup = try TudyProcess(
            ["--store", directory.path + "/tudy.sqlite"], input: Array("/signup dave\ndave-password\ndave-password\n".utf8), directory: directory)
        #expect(signup.finish().status == 0)
        try terminal.press("Tab")
        let shown = try terminal.waitUntil { $0.contains("bob> /dm dave") }
        #expect(shown.contains("bob> /dm dave"))
        try terminal.press("C-u", "C-d")
        #expect(try terminal.waitUntil { $0.contains("EXIT=") }.contains("EXIT=0"))
    }
}
