import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

@Suite("Terminal text: width, tables, wrapping, history")
struct TerminalTextTests {
    @Test("display width by East Asian Width", arguments: [
        ("abc", 3), ("한국어", 6), ("가a", 3), ("👋", 2), ("❤️", 2), ("e\u{301}", 1), ("漢字", 4), ("ｶ", 1), ("Ａ", 2),
    ])
    func width(text: String, columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }

    @Test("tables line up with Korean in them, and make cells inert first")
    func table() {
        let lines = TextTable.lines([["#1", "스터디 모집", "by 민수"], ["#12", "Swift", "by alice"], ["#3", "a\u{1B}b", "x"]])
        #expect(lines == ["#1   스터디 모집  by 민수", "#12  Swift        by alice", "#3   a^[b         x"])
    }

    @Test("long lines wrap at spaces under a hanging indent, Korean counted as two columns")
    func wrapping() {
        let lines = LineWrapper.wrap(prefix: "[11-21 10:00] bob: ", text: "one two three four five six seven", width: 32)
        #expect(lines == ["[11-21 10:00] bob: one two three", "                   four five six", "                   seven"])
        let korean = LineWrapper.wrap(prefix: "> ", text: "가나다라마바사아자차카타파하", width: 14)
        #expect(korean == ["> 가나다라마바", "  사아자차카타", "  파하"])
        #expect(korean.allSatisfy { DisplayWidth.of($0) <= 14 })
        #expect(LineWrapper.wrap(prefix: "p: ", text: "short", width: 80) == ["p: short"])
        // A word carried down after the last space that, with the wide character that broke the
        // line, is wider than a line itself (the fuzzer found it: 31 columns of 30).
        let carried = LineWrapper.wrap(prefix: "ann: ", text: "a " + String(repeating: "x", count: 24) + "터", width: 30)
        #expect(carried == ["ann: a", "     " + String(repeating: "x", count: 24), "     터"])
        #expect(carried.allSatisfy { DisplayWidth.of($0) <= 30 })
    }

    @Test("--json: what could act on a terminal is a \\u escape, C1 and bidi controls too; the text decodes back exact")
    @MainActor
    func jsonIsInert() throws {
        let output = RecordingOutput()
        let text = "esc \u{1B}[31m csi \u{9B}2J override \u{202E}txt line\u{2028}end"
        Console(output: output, json: true).show(
            .message(Message(id: 1, roomID: 1, sender: User(name: "bob"), text: text, sentAt: TestApp.start)))
        let line = output.standardOutput
        #expect(line.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F || $0 == "\n" }, "\(line)")
        let decoded = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        #expect(decoded?["text"] as? String == text)
    }

    @Test("the console wraps only when it knows a width, and colours only when asked")
    @MainActor
    func console() {
        let long = Message(
            id: 7, roomID: 1, sender: User(name: "bob"), text: String(repeating: "word ", count: 30), sentAt: TestApp.start)
        let plain = RecordingOutput()
        Console(output: plain).show(.message(long))
        #expect(plain.standardOutput.split(separator: "\n").count == 1)

        let narrow = RecordingOutput()
        Console(output: narrow, capabilities: .init(colour: true, width: { 40 })).show(.message(long))
        let lines = narrow.standardOutput.split(separator: "\n")
        #expect(lines.count > 1)
        #expect(lines[0].hasPrefix("\u{1B}[2m#7 [11-27 09:00]\u{1B}[0m \u{1B}["))
        // Under "#7 [11-27 09:00] bob: ", 22 columns.
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 22)) && !$0.contains("\u{1B}") })

        let errors = RecordingOutput()
        Console(output: errors, capabilities: .init(colour: true)).error("bad", code: "bad")
        #expect(errors.standardError == "\u{1B}[31merror: bad\u{1B}[0m\n")

        let longError = RecordingOutput()
        Console(output: longError, capabilities: .init(width: { 40 }))
            .error("not connected to the server at ws://127.0.0.1:7070: tudy is reconnecting, so try again in a moment", code: "not_connected")
        let errorLines = longError.standardError.split(separator: "\n")
        #expect(errorLines.count > 1 && errorLines.allSatisfy { DisplayWidth.of($0) <= 40 }, "\(errorLines)")
        #expect(errorLines[0].hasPrefix("error: not connected"))
        #expect(errorLines.dropFirst().allSatisfy { $0.hasPrefix("       ") && !$0.hasPrefix("        ") })
    }

    @Test("a name has the same colour every time, in every process, however its case is typed")
    func nameColour() {
        #expect(Style.name("alice").code == Style.name("ALICE").code)
        #expect(Style.name("straße").code == Style.name("STRASSE").code)
        // Fixed values: a hash seeded per process (Swift's Hasher) would give other colours
        // in the next run; these are FNV-1a of the folded name.
        #expect(["alice", "bob", "carol", "조이", "straße"].map { Style.name($0).code } == ["96", "36", "34", "96", "93"])
        #expect(Set(["alice", "bob", "carol", "dave", "erin"].map { Style.name($0).code }).count > 1)
    }

    @Test("history keeps typed commands: no blanks, no repeats, no trailing space", arguments: [
        ("/help ", nil, "/help"), ("/help", "/help", nil), ("   ", nil, nil), ("/dm bob", "/help", "/dm bob"),
    ] as [(String, String?, String?)])
    func history(line: String, previous: String?, kept: String?) {
        #expect(HistoryPolicy.entry(for: line, previous: previous) == kept)
    }
}

@Suite("Completion")
struct CompletionTests {
    let board = CompletionVocabulary(
        commands: ["list", "search", "work", "new", "open", "help", "home"], userNames: ["alice", "bob"],
        workTags: ["ios", "backend"], openTarget: .posts([3, 12, 1]))

    @Test("completion knows the screen", arguments: [
        ("/he", "/he", ["/help"]), ("/h", "/h", ["/help", "/home"]), ("/dm ", "", ["alice", "bob"]),
        ("/dm a", "a", ["alice"]), ("/invite B", "B", ["bob"]), ("/login ", "", ["alice", "bob"]),
        ("/open 1", "1", ["12", "1"]), ("/work ", "", ["ios", "backend"]), ("/help se", "se", ["search"]),
        ("hello", "hello", []), ("/dm alice ", "", []), ("/signup ", "", []),
    ])
    func candidates(line: String, word: String, expected: [String]) {
        #expect(board.candidates(for: word, in: line) == expected)
    }

    @Test("what Tab offers and how the argument is read come from each command's declaration: names for a name, nothing for a new one, a number refused when it is none, read once into a typed value", arguments: Array(Set(CommandTable.declared.map(\.name))))
    func declaredArguments(name: CommandName) throws {
        for spec in CommandTable.declared where spec.name == name {
            // The spec's own screen decides what its argument is.
            var vocabulary = CompletionVocabulary(specs: [spec], userNames: ["alice"], workTags: ["ios"], openTarget: .posts([7]))
            vocabulary.memberNames = ["bob"]
            guard let kind = spec.argument.kind else {
                #expect(throws: CommandError.unexpectedArgument(usage: spec.usage)) { try spec.read("extra") }
                #expect(try spec.read("") == .none)
                continue
            }
            if case .required = spec.argument {
                #expect(throws: CommandError.missingArgument(usage: spec.usage)) { try spec.read("") }
            } else {
                #expect(try spec.read("") == .none)
            }
            let offered = vocabulary.candidates(for: "", in: "/\(name) ")
            switch kind {
            case .name, .invitee: #expect(offered == ["alice"], "/\(name)")
            case .workTag: #expect(offered == ["ios"], "/\(name)")
            case .member: #expect(offered == ["bob"], "/\(name)")
            case .room: #expect(offered.isEmpty, "/\(name): no rooms on a board")
            case .listed: #expect(offered == ["7"], "/\(name)")
            case .newName, .words, .messageNumber, .invitationNumber, .seconds, .text, .numberedText, .replacementText:
                #expect(offered.isEmpty, "/\(name)")
            case .command: break
            }
            switch kind {
            case .listed, .messageNumber, .invitationNumber:
                #expect(throws: CommandError.badArgument("'two' is not a number", usage: spec.usage)) { try spec.read("two") }
                #expect(throws: CommandError.badArgument("'#0' is not a number from 1 up", usage: spec.usage)) { try spec.read("#0") }
                #expect(try spec.read("#3") == .number(3))
            case .seconds:
                #expect(throws: CommandError.badArgument(
                    "'0' is not a number of seconds from 1 to \(CommandSpec.longestSeconds)", usage: spec.usage)) { try spec.read("0") }
                #expect(try spec.read("5") == .seconds(5))
                #expect(CommandArgument.none.seconds == CommandSpec.defaultSeconds)
            case .room:
                #expect(try spec.read("#2") == .room(.number(2)))
                #expect(try spec.read("Swift study") == .room(.name("Swift study")))
            case .numberedText(_, let which, let missing):
                #expect(throws: CommandError.badArgument("say which message \(which), by its number", usage: spec.usage)) { try spec.read("hi") }
                #expect(throws: CommandError.badArgument(missing, usage: spec.usage)) { try spec.read("#3") }
                let value = try spec.read("#3  two words")
                #expect(value == .aboutMessage(.id(3), "two words") && value.number == 3 && value.text == "two words")
            case .replacementText:
                #expect(throws: CommandError.badArgument("the new text is missing", usage: spec.usage)) { try spec.read("#3") }
                #expect(try spec.read("#3  new text") == .aboutMessage(.id(3), "new text"))
                // A text may begin with a number, or with # and a word: it is then the last message's.
                #expect(try spec.read("3 apples") == .aboutMessage(.last, "3 apples"))
                #expect(try spec.read("#hashtag day") == .aboutMessage(.last, "#hashtag day"))
            case .name, .newName, .invitee, .member, .workTag, .words, .command, .text:
                #expect(try spec.read("some words") == .text("some words"))
            }
        }
    }

    @Test("in the rooms list /open completes room numbers and names; in a room /kick completes its members")
    func rooms() {
        var rooms = CompletionVocabulary(
            specs: RoomsCommand.specs, openTarget: .rooms([2, 5], names: ["Swift study", "@bob"]))
        #expect(rooms.candidates(for: "", in: "/open ") == ["2", "5", "Swift study", "@bob"])
        #expect(rooms.candidates(for: "sw", in: "/open sw") == ["Swift study"])
        #expect(rooms.candidates(for: "@", in: "/open @") == ["@bob"])
        rooms = CompletionVocabulary(specs: RoomCommand.specs)
        rooms.memberNames = ["carol", "dave"]
        #expect(rooms.candidates(for: "c", in: "/kick c") == ["carol"])
        #expect(rooms.candidates(for: "@", in: "see you @") == ["@carol", "@dave"], "@ names the room's members")
        #expect(rooms.candidates(for: "@d", in: "@d") == ["@dave"])
        #expect(CompletionVocabulary(specs: RoomsCommand.specs).candidates(for: "@", in: "@").isEmpty, "outside a room, nobody")
    }
}

/// Reactions after a message's text: counted in the order set, and laid out by the columns
/// each emoji takes.
@MainActor
@Suite("Reactions on screen")
struct ReactionTextTests {
    @Test("[👍 2 ❤ 1] follows the text; a narrow window wraps it with no line wider than the window")
    func shown() {
        let message = Message(
            id: 3, roomID: 1, sender: User(name: "bob"), text: "see you at ten", sentAt: Date(timeIntervalSince1970: 0), replyTo: nil,
            reactions: [Reaction(emoji: "👍", count: 2), Reaction(emoji: "❤", count: 1), Reaction(emoji: "👩‍💻", count: 1)])
        #expect(TextFormat.utc.body(message) == "see you at ten [👍\u{00A0}2 ❤\u{00A0}1 👩‍💻\u{00A0}1]")
        // From the narrowest the hanging indent leaves 10 columns in (narrower, a line is left whole).
        for width in 32...56 {
            let output = RecordingOutput()
            Console(output: output, capabilities: .init(isTerminal: true, width: { width })).show(.message(message))
            let lines = output.standardOutput.split(separator: "\n")
            #expect(lines.allSatisfy { DisplayWidth.of(String($0)) <= width }, "at \(width): \(lines)")
            #expect(lines.contains { $0.contains("👩‍💻\u{00A0}1]") }, "an emoji and its count on one line, at \(width): \(lines)")
        }
        #expect(TextFormat.utc.body(message.deleted) == "(message deleted)", "an unsent message shows none")
    }
}

/// `--notify osc`: what goes into the escape sequence of a desktop notification.
@Suite("Desktop notifications")
struct DesktopNotificationTests {
    static let hostile = [
        "\u{1B}]777;notify;pwned;x\u{07}", "\u{9D}0;title\u{9C}", "\u{1B}\\", "a\u{202E}b", "two\nlines\r", "bell\u{07}",
        "\u{1B}P+q\u{1B}\\", "zero\u{200B}width", String(repeating: "ê", count: 500),
    ]

    @Test("nothing another user typed can end the sequence or start another: one opening, one end, only printable text", arguments: hostile)
    func inert(_ text: String) {
        for sequence in [DesktopNotification.Sequence.osc777, .osc9] {
            let written = DesktopNotification(sequence: sequence, throughTmux: false).escapeSequence(title: text, body: text)
            let scalars = Array(written.unicodeScalars)
            #expect(scalars.filter { $0 == "\u{1B}" }.count == 1 && scalars.first == "\u{1B}", "\(written.debugDescription)")
            #expect(scalars.filter { $0 == "\u{07}" }.count == 1 && scalars.last == "\u{07}", "\(written.debugDescription)")
            let payload = scalars.dropFirst().dropLast()
            #expect(!payload.contains { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format })
            let fields = String(String.UnicodeScalarView(payload)).split(separator: ";", omittingEmptySubsequences: false)
            #expect(fields.count == (sequence == .osc777 ? 4 : 2), "a ';' of the text would start a field: \(fields)")
            #expect(written.count <= 16 + DesktopNotification.titleLimit + DesktopNotification.bodyLimit)
        }
    }

    @Test("inside tmux the sequence is passed through whole: its escapes doubled, ended by ST")
    func tmux() {
        let written = DesktopNotification(sequence: .osc777, throughTmux: true).escapeSequence(title: "carol in @carol", body: "hi")
        #expect(written == "\u{1B}Ptmux;\u{1B}\u{1B}]777;notify;carol in @carol;hi\u{07}\u{1B}\\")
        #expect(DesktopNotification(sequence: .osc9, throughTmux: false).escapeSequence(title: "carol", body: "9;4;1")
            == "\u{1B}]9;tudy: carol: 9,4,1\u{07}")
        #expect(DesktopNotification.Sequence.forTerminal(["TERM_PROGRAM": "iTerm.app"]) == .osc9)
        #expect(DesktopNotification.Sequence.forTerminal(["TERM": "foot"]) == .osc777)
    }
}
