import Foundation
import Testing

/// What `--json` gives a program, over every golden: typed values, not sentences to parse.
@Suite("JSON goldens' shape")
struct JSONGoldenShapeTests {
    /// Every line of every `--json` golden, with the file it is in.
    static func goldenLines() throws -> [(file: String, object: [String: Any])] {
        let tests = ReadmeTests.root.appendingPathComponent("Tests/TudyTests")
        let files = try ["JSON", "Transcripts"].flatMap { folder in
            try FileManager.default.contentsOfDirectory(atPath: tests.appendingPathComponent(folder).path)
                .filter { $0.hasSuffix(".jsonl") }.map { "\(folder)/\($0)" }
        }
        return try files.flatMap { file in
            try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8).split(separator: "\n").map { line in
                (file, try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]))
            }
        }
    }

    @Test("at most a tenth of the lines are notices: help, where, back and cancelling are typed")
    func fewNotices() throws {
        let lines = try Self.goldenLines()
        let notices = lines.filter { $0.object["type"] as? String == "notice" }
        #expect(lines.count > 400, "only \(lines.count) lines in the goldens")
        #expect(notices.count * 10 <= lines.count, "\(notices.count) of \(lines.count) lines are notices")
    }

    @Test("every error has a code of its own kind, none the catch-all")
    func errorsKeepTheirCodes() throws {
        let errors = try Self.goldenLines().filter { $0.object["type"] as? String == "error" }
        #expect(errors.count > 40, "only \(errors.count) errors in the goldens")
        let generic = errors.filter { ["failure", "unexpected", ""].contains($0.object["code"] as? String ?? "") }
        #expect(generic.isEmpty, "\(generic.map { "\($0.file): \($0.object["message"] ?? "")" })")
    }
}
