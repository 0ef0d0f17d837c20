import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// The built `tudy` on a terminal (tmux), checked by what a person sees.
@Suite("Interactive terminal", .serialized, .notQuick)
struct InteractiveTests {
    let directory: URL

    init() throws {
        directory = try TemporaryDirectory.make()
    }

    /// The sample seed of the README: alice and bob, posts, and their 1:1 room.
    static let sampleSeed = TudyProcess.packageRoot.appendingPathComponent("scripts/sample-seed.json").path

    /// tudy on the sample seed at a terminal, with `arguments` too, bob logged in and in room 1
    /// (with alice).
    func bobInRoom(_ arguments: String = "", width: Int = 100, height: Int = 40) throws -> TmuxSession {
        let terminal = try TmuxSession(command: command("\(arguments) --seed '\(Self.sampleSeed)'"), width: width, height: height)
        try terminal.waitUntil { $0.contains("home > board  guest>") }
        try terminal.enter(["/login bob", "bob-password", "/chat", "/open 1"])
        try terminal.waitUntil { $0.contains("@alice · alice, bob") }
        return terminal
    }

    /// A shell command that runs tudy on the window's terminal, then reports its exit status
    /// and the terminal settings before and after, and stays open. `NO_COLOR` is cleared,
    /// since the test runner may set it.
    func command(_ arguments: String = "") -> String {
        let dir = directory.path
        return """
            cd '\(dir)'; unset NO_COLOR; stty -g > stty.before; \
            XDG_STATE_HOME='\(dir)/state' XDG_DATA_HOME='\(dir)/data' TERM=xterm-256color \
            '\(TudyProcess.binary.path)' \(arguments.contains("--memory") ? "" : "--store '\(dir)/tudy.sqlite'") \(arguments); \
            status=$?; stty -g > stty.after; echo "EXIT=$status"; exec cat
            """
    }

    /// `stty -g` as the shell wrote it before tudy started and after it ended.
    func terminalSettings() throws -> (before: String, after: String) {
        (try String(contentsOfFile: directory.path + "/stty.before", encoding: .utf8),
         try String(contentsOfFile: directory.path + "/stty.after", encoding: .utf8))
    }

    var history: String {
        (try? String(contentsOfFile: directory.path + "/state/tudy/history", encoding: .utf8)) ?? ""
    }

    @Test("completion, passwords, Ctrl-C, Korean, Ctrl-D, history and the login across a restart, the terminal restored")
    func session() throws {
        let seed = Self.sampleSeed
        let terminal = try TmuxSession(command: command("--seed '\(seed)'"))
        try terminal.waitUntil { $0.contains("home > board  guest>") }

        try terminal.type("/he")
        try terminal.press("Tab")
        #expect(try terminal.waitUntil { $0.contains("guest> /help") }.contains("guest> /help"))
        try terminal.press("Enter")
        #expect(try terminal.waitUntil { $0.contains("everywhere (") }.contains("  /list"))

        try terminal.enter(["/login bob"])
        try terminal.waitUntil { $0.contains("password for bob:") }
        try terminal.type("bob-password")
        try terminal.press("C-c")
        #expect(try terminal.waitUntil { $0.contains("login cancelled") }.contains("login cancelled"))
        try terminal.enter(["/login bob"])
        try terminal.waitUntil { $0.components(separatedBy: "password for bob:").count == 3 }
        try terminal.enter(["bob-password"])
        var shown = try terminal.waitUntil { $0.contains("logged in as bob\nkept") }
        #expect(shown.contains("logged in as bob\nkept for later runs on this store: /logout ends it\n"))
        #expect(!shown.contains("bob-password"))

        try terminal.enter(["/chat"])
        try terminal.waitUntil { $0.contains("chat > rooms  bob") }
        try terminal.type("/dm ")
        try terminal.press("Tab", "Tab")
        shown = try terminal.waitUntil { $0.contains("carol") && $0.contains("alice") && $0.contains("/dm") && $0.hasSuffix("\n") }
        #expect(shown.contains("carol"))
        try terminal.enter(["alice"])
        try terminal.waitUntil { $0.contains("@alice · alice, bob") }

        try terminal.type("typed but dropped")
        try terminal.press("C-c")
        try terminal.enter(["스터디 자리 있나요? 👋"])
        shown = try terminal.waitUntil { $0.contains("bob: 스터디 자리 있나요? 👋") }
        #expect(shown.contains("bob: 스터디 자리 있나요? 👋"))
        #expect(!shown.contains("bob: typed but dropped"))

        try terminal.press("C-d")
        shown = try terminal.waitUntil { $0.contains("EXIT=") }
        #expect(shown.contains("EXIT=0"))
        let settings = try terminalSettings()
        #expect(settings.before == settings.after)
        #expect(history.contains("/chat"))
        #expect(!history.contains("password"))
        let mode = try FileManager.default.attributesOfItem(atPath: directory.path + "/state/tudy/history")[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // A new run starts logged in as bob, kept from the run before (a login at a terminal
        // is kept); Up brings back the last line of the one before.
        let again = try TmuxSession(command: command())
        shown = try again.waitUntil { $0.contains("home > board  bob>") }
        #expect(shown.contains("tudy: /help lists the commands, /quit leaves\nlogged in as bob, kept from an earlier run (/logout ends it)\n"))
        try again.press("Up")
        shown = try again.waitUntil { $0.contains("bob> 스터디 자리 있나요? 👋") }
        #expect(shown.contains("bob> 스터디 자리 있나요? 👋"))
        try again.press("C-u", "C-d")
        #expect(try again.waitUntil { $0.contains("EXIT=") }.contains("EXIT=0"))
    }

    @Test("Ctrl-D on an empty line during /wait ends the session at once, as at the prompt")
    func endTypedAhead() throws {
        let terminal = try bobInRoom("--memory")
        try terminal.enter(["/wait 3600"])
        try terminal.waitUntil { Self.endsWith($0, "/wait 3600\nchat > rooms > @alice  bob>") }
        try terminal.press("C-d")
        let shown = try terminal.waitUntil { $0.contains("EXIT=") }
        #expect(shown.contains("EXIT=0"), "\(shown)")
    }

    @Test("keys typed during /wait are shown after the prompt and edit as there; Enter ends the wait and sends the line")
    func typedDuringWait() throws {
        let terminal = try bobInRoom("--memory")
        try terminal.enter(["/wait 3600"])
        try terminal.waitUntil { Self.endsWith($0, "/wait 3600\nchat > rooms > @alice  bob>") }
        try terminal.type("helo")
        try terminal.waitUntil { Self.endsWith($0, "bob> helo") }
        try terminal.press("Left")
        try terminal.type("l")
        try terminal.press("Enter")
        let shown = try terminal.waitUntil { $0.contains("] bob: hello") }
        #expect(shown.contains("/wait 3600\nchat > rooms > @alice  bob> hello\n"), "\(shown)")
        #expect(!shown.contains("^C") && !shown.contains("error:"), "\(shown)")
        try terminal.press("Up")
        #expect(Self.endsWith(try terminal.waitUntil { Self.endsWith($0, "bob> hello") }, "bob> hello"), "the line is in the history")
        try terminal.press("C-u", "C-d")
        #expect(try terminal.waitUntil { $0.contains("EXIT=") }.contains("EXIT=0"))
    }

    /// Whether the screen's last text, trailing blank rows and spaces aside, ends with `text`.
    static func endsWith(_ screen: String, _ text: String) -> Bool {
        screen.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix(text)
    }

    @Test("a login and its password pasted in one go: the password is kept and never shown, five times running")
    func typedAheadPassword() throws {
        let seed = Self.sampleSeed
        let terminal = try TmuxSession(command: command("--memory --seed '\(seed)'"))
        try terminal.waitUntil { $0.contains("home > board  guest>") }
        for round in 1...5 {
            try terminal.paste("/login bob\nbob-password\n/logout\n")
            let shown = try terminal.waitUntil { $0.components(separatedBy: "logged out bob").count == round + 1 }
            #expect(shown.components(separatedBy: "logged in as bob").count == round + 1, "round \(round):\n\(shown)")
            #expect(!shown.contains("bob-password"), "round \(round):\n\(shown)")
        }
        try terminal.press("C-d")
        #expect(try terminal.waitUntil { $0.contains("EXIT=") }.contains("EXIT=0"))
    }

    @Test("a bracketed paste of several lines with no command in a room is one message, and Enter after it sends nothing; a line ending in \\, or Alt-Enter, goes on")
    func pasteAndMultiLineMessage() throws {
        let seed = Self.sampleSeed
        let terminal = try TmuxSession(command: command("--memory --seed '\(seed)'"))
        try terminal.waitUntil { $0.contains("home > board  guest>") }
        try terminal.enter(["/login bob", "bob-password", "/chat"])
        try terminal.waitUntil { $0.contains("chat > rooms  bob") }
        try terminal.paste("hello\nthere\n", bracketed: true)
        try terminal.waitUntil { $0.contains("a paste of 2 lines is sent as one message in a chat room only: none of it was run") }
        try terminal.enter(["/open 1"])
        try terminal.waitUntil { Self.endsWith($0, "@alice  bob>") }
        try terminal.paste("one\n two /leave\nthree\n", bracketed: true)
        var shown = try terminal.waitUntil { $0.contains("] bob: one") && $0.contains("three") }
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false)
        let first = try #require(lines.firstIndex { $0.contains("] bob: one") })
        let indent = String(repeating: " ", count: lines[first].count - "one".count)
        // The message's last line ends in how many have not read it yet.
        #expect(lines[first + 1] == indent + " two /leave" && lines[first + 2].hasPrefix(indent + "three ·"), "\(shown)")
        #expect(!shown.contains("you left"))
        // The Enter pressed out of habit after a paste, which was sent as it came, sends nothing.
        try terminal.press("Enter")
        try terminal.enter(["first line\\"])
        try terminal.waitUntil { $0.contains("\n...>") }
        try terminal.enter(["second line"])
        shown = try terminal.waitUntil { $0.contains("] bob: first line\n") && $0.contains("second line ·") }
        #expect(shown.contains("] bob: first line\n" + indent + "second line ·"), "\(shown)")
        // Alt-Enter ends the line as a `\` does, and shows it.
        try terminal.type("alt line")
        try terminal.press("M-Enter")
        try terminal.waitUntil { $0.contains("alt line\\\n...>") }
        try terminal.enter(["after it"])
        shown = try terminal.waitUntil { $0.contains("] bob: alt line\n") && $0.contains("after it ·") }
        #expect(shown.contains("] bob: alt line\n" + indent + "after it ·"), "\(shown)")
        try terminal.enter(["/where"])
        shown = try terminal.waitUntil { $0.contains("chat > rooms > @alice\n") }
        #expect(shown.contains("bob>"))
        #expect(!shown.contains("empty message"), "\(shown)")
        try terminal.press("C-d")
        #expect(try terminal.waitUntil { $0.contains("EXIT=") }.contains("EXIT=0"))
    }

    @Test("live: a message from another process prints above a half-typed Korean line, which stays, cursor too; a third room gives a notice; /next opens it")
    func liveMessages() throws {
        let seed = Self.sampleSeed
        let setup = try TudyProcess(["--store", directory.path + "/tudy.sqlite", "--seed", seed], input: [], directory: directory).finish()
        #expect(setup.status == 0)
        let terminal = try TmuxSession(command: command())
        try terminal.waitUntil { $0.contains("guest>") }
        try terminal.enter(["/login alice", "alice-password", "/chat", "/open 1"])
        let prompt = "chat > rooms > @bob  alice> "
        #expect(try terminal.waitUntil { $0.contains("@bob  alice>") }.contains("@bob  alice>"))
        try terminal.type("안녕 반가워요")
        try terminal.press("Left", "Left")
        #expect(try terminal.waitUntil { $0.contains(prompt + "안녕 반가워요") }.contains(prompt + "안녕 반가워요"))
        let column = try terminal.cursor().column

        // Another person, though the same Unix user: alice's kept login is not theirs.
        func send(_ lines: [String]) throws {
            let run = try TudyProcess(
                ["--store", directory.path + "/tudy.sqlite", "--no-remember"], input: Array((lines.joined(separator: "\n") + "\n").utf8),
                directory: directory
            ).finish()
            #expect(run.status == 0, "\(run.errors)")
        }
        try send(["/login bob", "bob-password", "/chat", "/open 1", "live from bob"])
        // bob's read mark, told in the same moment, may come as a line on either side of it.
        var shown = try terminal.waitUntil(seconds: 1) {
            $0.contains("bob: live from bob\n") && Self.endsWith($0, "\n" + prompt + "안녕 반가워요")
        }
        #expect(shown.contains("bob: live from bob"), "within a second:\n\(shown)")
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let messageRow = lines.lastIndex { $0.hasSuffix("bob: live from bob") } ?? -1
        let promptRow = lines.lastIndex { $0 == prompt + "안녕 반가워요" } ?? -1
        #expect(messageRow >= 0 && promptRow > messageRow, "\(shown)")
        #expect(lines[(messageRow + 1)..<max(promptRow, messageRow + 1)].allSatisfy { $0.hasPrefix("──") }, "only a read mark between:\n\(shown)")
        #expect(try terminal.cursor().column == column)

        try send(["/login carol", "carol-password", "/chat", "/dm alice", "carol here"])
        shown = try terminal.waitUntil {
            $0.contains("#2 @carol carol: carol here\n") && $0.contains("alice [1 unread]> 안녕 반가워요")
        }
        #expect(shown.contains("#2 @carol carol: carol here"), "\(shown)")
        #expect(shown.contains("alice [1 unread]> 안녕 반가워요"), "\(shown)")

        try terminal.press("C-u")
        try terminal.enter(["/next"])
        shown = try terminal.waitUntil { $0.contains("chat > rooms > @carol  alice>") }
        #expect(shown.contains("── 1 new ──\n"), "\(shown)")
        try terminal.press("C-d")
        #expect(try terminal.waitUntil { $0.contains("EXIT=") }.contains("EXIT=0"))
    }

    @Test("a post's body: every line after the first gets '... '; /quit in a draft warns, a second leaves; answers stay out of the history")
    func draftAtTerminal() throws {
        let seed = Self.sampleSeed
        let terminal = try TmuxSession(command: command("--memory --seed '\(seed)'"))
        try terminal.waitUntil { $0.contains("guest>") }
        try terminal.enter(["/login bob", "bob-password", "/new", "Secret title", "ios", "3", "first line"])
        var shown = try terminal.waitUntil { $0.hasSuffix("\n... \n") || $0.contains("\n...\n") }
        #expect(shown.contains("body, then a line '.': first line\n..."), "\(shown)")
        try terminal.enter(["/quit"])
        shown = try terminal.waitUntil { $0.contains("/quit again") }
        #expect(shown.contains("you are writing a post: /quit again leaves and drops it"), "\(shown)")
        try terminal.enter(["/quit"])
        shown = try terminal.waitUntil { $0.contains("EXIT=") }
        #expect(shown.contains("error: ") == false && shown.contains("EXIT=0"), "\(shown)")
        #expect(history.contains("/new") && !history.contains("Secret title") && !history.contains("first line"))
    }

    @Test("colour on a terminal: errors in red; none with NO_COLOR or --no-color", arguments: [
        ("", true), ("--no-color", false), ("NO_COLOR", false),
    ])
    func colour(option: String, coloured: Bool) throws {
        let line = command(option.hasPrefix("--") ? "--memory " + option : "--memory").replacingOccurrences(
            of: "unset NO_COLOR;", with: option == "NO_COLOR" ? "export NO_COLOR=1;" : "unset NO_COLOR;")
        let terminal = try TmuxSession(command: line)
        try terminal.waitUntil { $0.contains("guest>") }
        try terminal.enter(["/nosuch"])
        #expect(try terminal.waitUntil { $0.contains("unknown command /nosuch") }.contains("unknown command /nosuch"))
        #expect(try terminal.screen(escapes: true).contains("\u{1B}[31merror: unknown command") == coloured)
        // The prompt again, so that the key goes to the line editor, not to a terminal between prompts.
        try terminal.waitUntil { $0.components(separatedBy: "guest>").count >= 3 }
        try terminal.press("C-d")
        #expect(try terminal.waitUntil { $0.contains("EXIT=") }.contains("EXIT=0"))
        // After an error too, the terminal is as it was.
        let settings = try terminalSettings()
        #expect(settings.before == settings.after)
    }

    @Test("a resized window: the next message wraps to the new width under a hanging indent")
    func resize() throws {
        let terminal = try bobInRoom("--memory")
        try terminal.resize(width: 50)
        try terminal.enter([String(repeating: "긴 메시지 ", count: 12) + "끝"])
        let shown = try terminal.waitUntil { $0.components(separatedBy: "끝").count == 3 }
        let lines = shown.split(separator: "\n")
        let first = try #require(lines.firstIndex { $0.hasPrefix("#") && $0.contains("] bob: 긴 메시지") })
        let message = lines[first...].prefix { !$0.hasPrefix("@alice") && !$0.contains("bob>") }
        #expect(message.count > 1)
        #expect(message.allSatisfy { DisplayWidth.of($0) <= 50 })
        #expect(message.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 19)) })
        try terminal.press("C-d")
        try terminal.waitUntil { $0.contains("EXIT=") }
    }
}
