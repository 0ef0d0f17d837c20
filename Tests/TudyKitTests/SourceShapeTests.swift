import Foundation
import Testing

/// The shape of the source, as a new engineer meets it.
@Suite("Source shape")
struct SourceShapeTests {
    /// The most lines a source file has: one main type, or one part of one, that can be read
    /// at a sitting.
    static let linesPerFile = 300

    @Test("no source file is over 300 lines")
    func filesAreShort() throws {
        let sources = ReadmeTests.root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var long: [String] = []
        var seen = 0
        for case let file as URL in files where file.pathExtension == "swift" {
            seen += 1
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count - 1
            if lines > Self.linesPerFile { long.append("\(file.path.replacingOccurrences(of: sources.path + "/", with: "")) (\(lines))") }
        }
        #expect(seen > 100, "found only \(seen) Swift files under \(sources.path)")
        #expect(long.isEmpty, "over \(Self.linesPerFile) lines: \(long.sorted().joined(separator: ", "))")
    }
}
