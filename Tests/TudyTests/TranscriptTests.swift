import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// Golden transcripts: each `Transcripts/NAME.tudy` runs through the REPL with a fixed
/// clock and an in-memory store (seeded from `NAME.json` when there is one), and what it
/// prints, input echoed as `> line`, must equal `NAME.out`. A name starting with `bail` runs with `--bail`.
/// Each runs with `--json` too, and its lines (both streams, no input echoed) must equal
/// `NAME.jsonl`, every one of them valid against `output.schema.json`.
/// `TUDY_RECORD=1 swift test` writes the `.out` and `.jsonl` files anew.
@MainActor
@Suite("Golden transcripts")
struct TranscriptTests {
    nonisolated static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Transcripts")

    nonisolated static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".tudy") }.map { String($0.dropLast(5)) }.sorted()
    }

    @Test("the transcripts are there, each script with its recorded output and each output with its script")
    func transcriptsExist() throws {
        #expect(Self.names == [
            "bad-input", "bail", "board-and-posts", "chat-rooms", "edit-and-unsend", "guest-browsing", "login-on-demand", "navigation", "study-rooms",
            "write-flow-errors",
        ])
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path)
        let outputs = files.filter { $0.hasSuffix(".out") }.map { String($0.dropLast(4)) }.sorted()
        #expect(outputs == Self.names)
        let jsonLines = files.filter { $0.hasSuffix(".jsonl") }.map { String($0.dropLast(6)) }.sorted()
        #expect(jsonLines == Self.names)
    }

    @Test("transcript with --json: one JSON object a line, on both streams, equal to NAME.jsonl", arguments: names)
    func jsonTranscript(name: String) async throws {
        let script = try String(contentsOf: Self.directory.appendingPathComponent(name + ".tudy"), encoding: .utf8)
        let store = TestApp.memoryStore()
        if let data = FileManager.default.contents(atPath: Self.directory.appendingPathComponent(name + ".json").path) {
            try await store.load(try Fixture.decode(data))
        }
        let testApp = TestApp(store: store, json: true)
        _ = await testApp.run(script: script, bail: name.hasPrefix("bail"))
        let actual = testApp.output.transcript
        for line in actual.split(separator: "\n") {
            #expect(
                (try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "not one JSON object: \(line)")
        }
        let expectedURL = Self.directory.appendingPathComponent(name + ".jsonl")
        if ProcessInfo.processInfo.environment["TUDY_RECORD"] != nil {
            try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
        }
        #expect(actual == (try String(contentsOf: expectedURL, encoding: .utf8)))
    }

    @Test("every line of every golden .jsonl transcript is valid against output.schema.json (python3-jsonschema)")
    func jsonSchema() throws {
        let files = Self.names.map { Self.directory.appendingPathComponent($0 + ".jsonl").path }
            + [Self.directory.deletingLastPathComponent().appendingPathComponent("JSON/demo.jsonl").path]
        let (valid, report) = try OutputSchema.check(files)
        #expect(valid, "\(report)")
        #expect((Int(report) ?? 0) > 100, "lines checked: \(report)")
    }

    @Test("transcript", arguments: names)
    func transcript(name: String) async throws {
        let script = try String(contentsOf: Self.directory.appendingPathComponent(name + ".tudy"), encoding: .utf8)
        let store = TestApp.memoryStore()
        let fixtureURL = Self.directory.appendingPathComponent(name + ".json")
        if let data = FileManager.default.contents(atPath: fixtureURL.path) {
            try await store.load(try Fixture.decode(data))
        }
        let testApp = TestApp(store: store)
        let bail = name.hasPrefix("bail")
        let status = await testApp.run(script: script, bail: bail)
        let actual = testApp.output.transcript + "[exit \(status)]\n"

        let expectedURL = Self.directory.appendingPathComponent(name + ".out")
        if ProcessInfo.processInfo.environment["TUDY_RECORD"] != nil {
            try actual.write(to: expectedURL, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: expectedURL, encoding: .utf8)
        #expect(actual == expected)
    }
}
