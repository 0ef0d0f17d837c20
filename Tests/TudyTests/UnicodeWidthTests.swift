import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// The display-width table against Unicode's own files (Debian's unicode-data, which
/// `scripts/install-deps` installs): regenerate it with `scripts/unicode-width` when they differ.
@Suite("Display width from Unicode data")
struct UnicodeWidthTests {
    private static let folder = "/usr/share/unicode/"

    private func lines(of file: String) throws -> [Substring] {
        try String(contentsOfFile: Self.folder + file, encoding: .utf8).split(separator: "\n")
    }

    /// "0041..005A;Na" or "0041;Na": the range and the value.
    private func entry(_ line: some StringProtocol) -> (ClosedRange<UInt32>, String)? {
        let fields = line.split(separator: "#", maxSplits: 1).first?.split(separator: ";") ?? []
        guard fields.count == 2 else { return nil }
        let bounds = fields[0].trimmingCharacters(in: .whitespaces).components(separatedBy: "..").compactMap { UInt32($0, radix: 16) }
        guard let low = bounds.first, let high = bounds.last else { return nil }
        return (low...high, fields[1].trimmingCharacters(in: .whitespaces))
    }

    @Test("every code point is wide exactly when EastAsianWidth.txt says W or F")
    func tableMatchesEastAsianWidth() throws {
        let file = try lines(of: "EastAsianWidth.txt")
        #expect(file.first.map(String.init) == "# \(WideCharacters.version)", "the table was made from another version: run scripts/unicode-width")
        var wide = [Bool](repeating: false, count: 0x110000)
        // Defaults for unassigned code points first, then what each assigned one has.
        let defaults = file.filter { $0.hasPrefix("# @missing: ") }.map { $0.dropFirst("# @missing: ".count) }
        let assigned = file.filter { $0.first?.isHexDigit == true }
        for line in defaults + assigned {
            guard let (range, value) = entry(line) else { continue }
            for point in range { wide[Int(point)] = value == "W" || value == "F" }
        }
        let differing = (0..<UInt32(0x110000)).filter { DisplayWidth.isWide($0) != wide[Int($0)] }
        let first = differing.first.map { "U+" + String($0, radix: 16, uppercase: true) }
        #expect(first == nil, "\(differing.count) code points differ: run scripts/unicode-width")
    }

    @Test("every emoji shown as a picture by default takes two columns")
    func emojiPresentationIsWide() throws {
        var narrow: [UInt32] = []
        for line in try lines(of: "emoji/emoji-data.txt") {
            guard let (range, value) = entry(line), value == "Emoji_Presentation" else { continue }
            narrow += range.filter { DisplayWidth.of(Character(Unicode.Scalar($0)!)) != 2 }
        }
        let first = narrow.first.map { "U+" + String($0, radix: 16, uppercase: true) }
        #expect(first == nil, "\(narrow.count) emoji counted narrow")
    }

    @Test("the code points the hand-picked blocks got wrong", arguments: [
        ("\u{3248}", 1), ("\u{324F}", 1), ("\u{1F321}", 1), ("\u{1F32C}", 1),
        ("\u{17000}", 2), ("\u{18CD5}", 2), ("\u{1B000}", 2), ("\u{1B2FB}", 2), ("\u{1F210}", 2), ("\u{1F23B}", 2),
        ("한", 2), ("a", 1), ("\u{301}", 0), ("🇰🇷", 2), ("☺\u{FE0F}", 2),
    ])
    func knownWidths(_ text: String, _ columns: Int) {
        #expect(DisplayWidth.of(text) == columns)
    }
}
