import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

@MainActor
@Suite("Reading input")
struct InputTests {
    private func lines(_ bytes: [UInt8], chunk: Int = 7) async -> [LineReadResult] {
        let reader = ByteLineReader(bytes: bytes, chunk: chunk)
        var results: [LineReadResult] = []
        while true {
            let result = await reader.readLine(LineRequest(prompt: ""))
            if result == .end { return results }
            results.append(result)
        }
    }

    @Test("lines split on newlines, CR dropped, a last line without newline kept")
    func splitting() async {
        #expect(await lines(Array("a\r\nbb\n\nc".utf8)) == [.line("a"), .line("bb"), .line(""), .line("c")])
        #expect(await lines([]) == [])
    }

    @Test("invalid UTF-8, NUL bytes and overlong lines are refused, and reading goes on")
    func refusals() async {
        let overlong = [UInt8](repeating: UInt8(ascii: "x"), count: 70_000)
        let bytes = [0xFF, 0xFE, 0x0A] + Array("ok\n".utf8) + [0x61, 0x00, 0x62, 0x0A] + overlong + [0x0A]
            + Array("한국어\n".utf8)
        #expect(
            await lines(bytes, chunk: 4096) == [
                .rejected(.invalidUTF8), .line("ok"), .rejected(.nulByte),
                .rejected(.tooLong(limit: 65_536)), .line("한국어"),
            ])
    }

    @Test("a line of exactly 64 KiB is taken")
    func limit() async {
        let exact = [UInt8](repeating: UInt8(ascii: "y"), count: 65_536)
        #expect(await lines(exact + [0x0A], chunk: 65_536) == [.line(String(repeating: "y", count: 65_536))])
    }

    @Test("refused lines through the REPL: one error each, the session goes on, exit 1")
    func replRefusals() async throws {
        let testApp = try await TestApp.started()
        let reader = ScriptedLineReader(
            [.rejected(.invalidUTF8), .rejected(.nulByte), .rejected(.tooLong(limit: 65_536)), .line("/whoami")],
            output: testApp.output)
        #expect(await testApp.run(reader: reader) == .commandFailed)
        #expect(
            testApp.output.standardError == """
                error: the line is not valid UTF-8 and was ignored: check the terminal's encoding
                error: the line holds a NUL byte and was ignored
                error: the line is longer than 64 KiB and was ignored: split it

                """)
        #expect(testApp.output.standardOutput == "guest\n")
    }

    @Test("a paste: line breaks of any kind become LF and a last one goes; refused as a line would be")
    func pasteDecoding() {
        #expect(LineDecoder.decodePaste(Array("one\r/leave\r\nthree\n".utf8)) == .paste("one\n/leave\nthree"))
        #expect(LineDecoder.decodePaste(Array("just one".utf8)) == .paste("just one"))
        #expect(LineDecoder.decodePaste(Array("a\n\nb".utf8)) == .paste("a\n\nb"))
        #expect(LineDecoder.decodePaste([0x61, 0xFF]) == .rejected(.invalidUTF8))
        #expect(LineDecoder.decodePaste([0x61, 0x00]) == .rejected(.nulByte))
    }

    @Test("a paste through the REPL: one message in a room, never a command; elsewhere nothing of it runs")
    func pasteThroughREPL() async throws {
        let testApp = try await TestApp.started(users: ["alice", "bob"], loggedIn: "bob")
        _ = try await testApp.store.directRoom(between: try await testApp.session("bob"), and: User(name: "alice"))
        let reader = ScriptedLineReader(
            [.line("/chat"), .paste("/open 1\n/quit"), .line("/open 1"), .paste("one\n/leave\nthree"), .line("/where")],
            output: testApp.output)
        #expect(await testApp.run(reader: reader) == .commandFailed)
        #expect(testApp.output.standardError == """
            error: a paste of 2 lines is sent as one message in a chat room only: none of it was run at chat > rooms

            """)
        #expect(testApp.output.standardOutput.hasSuffix("""
            #1 [11-27 09:00] bob: one
                                  /leave
                                  three ·\u{00A0}1\u{00A0}unread
            chat > rooms > @alice

            """))
        let sent = try await testApp.store.messages(in: 1, for: try await testApp.session("alice"), before: nil, limit: 5)
        #expect(sent.messages.map(\.text) == ["one\n/leave\nthree"])
    }

    @Test("input that ends inside a message continued with \\ says so and fails; Ctrl-C drops such a message")
    func endInContinuedMessage() async throws {
        let testApp = try await TestApp.started(users: ["alice", "bob"], loggedIn: "bob")
        _ = try await testApp.store.directRoom(between: try await testApp.session("bob"), and: User(name: "alice"))
        let reader = ScriptedLineReader(
            [.line("/chat"), .line("/open 1"), .line("dropped\\"), .interrupted, .line("kept"), .line("half\\")],
            output: testApp.output)
        #expect(await testApp.run(reader: reader) == .commandFailed)
        #expect(testApp.output.standardError == """
            the message being continued was dropped
            error: input ended: a message was being continued with \\ at the end of a line: it was not sent

            """)
        let sent = try await testApp.store.messages(in: 1, for: try await testApp.session("alice"), before: nil, limit: 5)
        #expect(sent.messages.map(\.text) == ["kept"])
    }

    @Test("end of input in the middle of a login fails the run, and nobody is logged in")
    func endInLogin() async throws {
        let testApp = try await TestApp.started(users: ["alice"])
        #expect(await testApp.run(script: "/login alice\n") == 1)
        #expect(testApp.output.standardError == "error: input ended: a login was not finished: nobody logged in\n")
        #expect(testApp.context.login.user == nil)
    }

    @Test("standard output closed by its reader: the session ends after that line, status 141")
    func closedOutput() async throws {
        let testApp = try await TestApp.started(users: ["alice"], loggedIn: "alice")
        final class ClosingReader: LineReader {
            let output: RecordingOutput
            var lines = ["/whoami", "/new", "Late post"]
            init(output: RecordingOutput) { self.output = output }
            func readLine(_ request: LineRequest) async -> LineReadResult {
                output.isClosed = true  // the reader goes while the first line runs
                return lines.isEmpty ? .end : .line(lines.removeFirst())
            }
        }
        #expect(await testApp.run(reader: ClosingReader(output: testApp.output)) == .outputClosed)
        #expect(testApp.output.standardOutput == "alice\n")
        #expect(testApp.tabBar.homeCoordinator.writeCoordinator == nil)
    }

    @Test("parsing: commands, arguments, // for text that starts with /")
    func parsing() {
        #expect(InputLine(parsing: "/Open  12 ") == .command(name: "open", argument: "12"))
        #expect(InputLine(parsing: "/search swift  ui") == .command(name: "search", argument: "swift  ui"))
        #expect(InputLine(parsing: "//etc") == .text("/etc"))
        #expect(InputLine(parsing: " /x") == .text(" /x"))
    }

    @Test("suggestions: the nearest command, or none", arguments: [
        ("lst", "/list"), ("opne", "/open"), ("he", "/help"), ("invit", "/invite"), ("xyzzy", nil),
    ] as [(String, String?)])
    func suggestions(typed: String, expected: String?) {
        #expect(CommandSuggestion.nearest(to: typed, among: CommandTable.allNames) == expected)
    }
}

/// `tudy --user NAME` or `-c LINE` at a terminal: the lines given first wrap the terminal's reader.
@MainActor
@Suite("Lines given as arguments")
struct CommandArgumentReaderTests {
    /// A terminal's reader that only records where Tab would complete from.
    final class CompletingReader: LineReader {
        var source: (@MainActor () async -> (any LineCompleting)?)?
        func readLine(_ request: LineRequest) async -> LineReadResult { .end }
        func completes(from source: @escaping @MainActor () async -> (any LineCompleting)?) { self.source = source }
    }

    @Test("Tab completes at the terminal after the lines given first (it did nothing after --user)")
    func completionReachesTheTerminal() async {
        let terminal = CompletingReader()
        let reader = CommandArgumentReader(lines: ["/login alice"], rest: terminal, readsOn: true)
        reader.completes { CompletionVocabulary(commands: ["help"]) }
        #expect((await terminal.source?() as? CompletionVocabulary)?.commands == ["help"])
    }
}
