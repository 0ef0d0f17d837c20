import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// What the README and the articles of `Sources/TudyApp/TudyApp.docc` show of tudy's output
/// is what tudy prints; `TUDY_RECORD=1` writes it anew.
@MainActor
@Suite("README")
struct ReadmeTests {
    nonisolated static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The DocC catalog's article `name` (`UsingTudy`), as a path from the package's root.
    nonisolated static func article(_ name: String) -> String {
        "Sources/TudyApp/TudyApp.docc/\(name).md"
    }

    /// The first fenced block after a heading of the README, or of another of the package's
    /// documents (of a language, if given).
    nonisolated static func block(after heading: String, language: String = "", in document: String = "README.md") throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        let section = try #require(readme.range(of: "\n" + heading + "\n"))
        let rest = readme[section.upperBound...]
        let open = try #require(rest.range(of: "```" + language + "\n"))
        let body = rest[open.upperBound...]
        // An empty block is one too: the next fence closes it, whatever follows.
        if body.hasPrefix("```\n") { return "" }
        let close = try #require(body.range(of: "\n```\n"))
        return String(rest[open.upperBound..<close.lowerBound]) + "\n"
    }

    @Test("the demo's output in the README is exactly what scripts/demo.tudy prints (clock fixed)")
    func demo() async throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent("scripts/demo.tudy"), encoding: .utf8)
        let app = TestApp()
        #expect(await app.run(script: script) == 0)
        #expect(app.output.standardError == "")
        let shown = try Self.block(after: "## A first session")
        if ProcessInfo.processInfo.environment["TUDY_RECORD"] != nil, shown != app.output.standardOutput {
            let url = Self.root.appendingPathComponent("README.md")
            let readme = try String(contentsOf: url, encoding: .utf8)
            try readme.replacingOccurrences(of: shown, with: app.output.standardOutput).write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(shown == app.output.standardOutput)
    }

    @Test("the demo's coordinator flow in the architecture article is what --trace draws of scripts/demo.tudy; no password is in it")
    func demoTrace() async throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent("scripts/demo.tudy"), encoding: .utf8)
        let drawn = Drawing()
        let app = TestApp(trace: FlowTrace { drawn.text += $0 })
        #expect(await app.run(script: script) == 0)
        for password in ["alice-password", "bob-password", "carol-password"] {
            #expect(script.contains(password) && !drawn.text.contains(password))
        }
        let architecture = Self.article("Architecture")
        let shown = try Self.block(after: "## The demo's coordinator flow", language: "mermaid", in: architecture)
        if ProcessInfo.processInfo.environment["TUDY_RECORD"] != nil, shown != drawn.text {
            let url = Self.root.appendingPathComponent(architecture)
            let readme = try String(contentsOf: url, encoding: .utf8)
            try readme.replacingOccurrences(of: shown, with: drawn.text).write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(shown == drawn.text)
    }

    @Test("the demo with --json: one object a line, equal to Tests/TudyTests/JSON/demo.jsonl")
    func demoJSON() async throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent("scripts/demo.tudy"), encoding: .utf8)
        let app = TestApp(json: true)
        #expect(await app.run(script: script) == 0)
        let url = Self.root.appendingPathComponent("Tests/TudyTests/JSON/demo.jsonl")
        if ProcessInfo.processInfo.environment["TUDY_RECORD"] != nil {
            try app.output.transcript.write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(app.output.transcript == (try String(contentsOf: url, encoding: .utf8)))
    }

    @Test("the JSON lines the README shows are lines of the demo's --json output")
    func jsonExample() throws {
        let shown = try Self.block(after: "## JSON output", language: "json")
        let demo = try String(contentsOf: Self.root.appendingPathComponent("Tests/TudyTests/JSON/demo.jsonl"), encoding: .utf8)
        let lines = Set(demo.split(separator: "\n"))
        #expect(!shown.isEmpty)
        for line in shown.split(separator: "\n") {
            #expect(lines.contains(line), "not a line of the demo: \(line)")
        }
    }

    @Test("the worked example of adding a command, in the architecture article, is lines of the chat-rooms transcript")
    func addingACommand() throws {
        let shown = try Self.block(after: "## Adding a command", language: "text", in: Self.article("Architecture"))
        let transcript = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/TudyTests/Transcripts/chat-rooms.out"), encoding: .utf8)
        let lines = transcript.split(separator: "\n")
        #expect(!shown.isEmpty)
        for line in shown.split(separator: "\n") {
            #expect(lines.contains(line), "not a line of the transcript: \(line)")
        }
    }

    @Test(
        "each example of the README's Using it is lines of a golden transcript, and shows the commands it is there for",
        arguments: [
            ("text", "edit-and-unsend", ["/me ", "/reply "]),
            ("console", "study-rooms", ["/join", "/kick ", "/rename ", "/topic ", "/notice ", "/react ", "/seen ", "/mute", "/ignore "]),
        ])
    func commandExamples(language: String, transcript name: String, commands: [String]) throws {
        let shown = try Self.block(after: "## Using it", language: language)
        let transcript = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/TudyTests/Transcripts/\(name).out"), encoding: .utf8)
        let lines = transcript.split(separator: "\n")
        for command in commands { #expect(shown.contains("> " + command), "no example of \(command)") }
        for line in shown.split(separator: "\n") {
            #expect(lines.contains(line), "not a line of the transcript: \(line)")
        }
    }

    @Test("the libraries keep public what a user of them calls: at most 151 lines of Sources/TudyCore, TudyWire, TudyTerminal and TudyApp say public, as grep -c counts them, about a quarter of the 516 there were")
    func publicSurface() throws {
        var lines = 0
        for target in ["TudyCore", "TudyWire", "TudyTerminal", "TudyApp"] {
            let sources = Self.root.appendingPathComponent("Sources/\(target)")
            let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            for case let file as URL in files where ["swift", "md"].contains(file.pathExtension) {
                lines += try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { $0.contains("public") }.count
            }
        }
        #expect(lines > 0 && lines <= 151, "\(lines) lines of the four libraries say public")
    }

    /// What a trace drew, line by line.
    private final class Drawing {
        var text = ""
    }
}
