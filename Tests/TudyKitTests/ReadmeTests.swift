import Foundation
import Testing

@testable import TudyKit

/// What the README shows of tudy's output is what tudy prints; `TUDY_RECORD=1` writes it anew.
@MainActor
@Suite("README")
struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The first fenced block after a heading of the README.
    static func block(after heading: String) throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "\n" + heading + "\n"))
        let rest = readme[section.upperBound...]
        let open = try #require(rest.range(of: "```\n"))
        let close = try #require(rest[open.upperBound...].range(of: "\n```\n"))
        return String(rest[open.upperBound..<close.lowerBound]) + "\n"
    }

    @Test("the demo's output in the README is exactly what scripts/demo.tudy prints (clock fixed)")
    func demo() async throws {
        let script = try String(contentsOf: Self.root.appendingPathComponent("scripts/demo.tudy"), encoding: .utf8)
        let app = TestApp()
        #expect(await app.run(script: script) == 0)
        #expect(app.output.standardError == "")
        let shown = try Self.block(after: "## The demo")
        if ProcessInfo.processInfo.environment["TUDY_RECORD"] != nil, shown != app.output.standardOutput {
            let url = Self.root.appendingPathComponent("README.md")
            let readme = try String(contentsOf: url, encoding: .utf8)
            try readme.replacingOccurrences(of: shown, with: app.output.standardOutput).write(to: url, atomically: true, encoding: .utf8)
        }
        #expect(shown == app.output.standardOutput)
    }
}
