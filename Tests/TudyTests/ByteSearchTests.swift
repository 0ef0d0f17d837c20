import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// `ByteSearch`: a word is found where it is, and nowhere else, whatever the bytes.
@Suite("Byte search")
struct ByteSearchTests {
    private static func naive(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        needle.isEmpty
            || (0..<max(0, haystack.count - needle.count + 1)).contains { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    }

    private static func found(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        haystack.withUnsafeBufferPointer { text in needle.withUnsafeBufferPointer { ByteSearch.contains(text, $0) } }
    }

    @Test("on 20,000 seeded texts and words of a few letters, it finds what a search of every place finds")
    func agreesWithEveryPlace() {
        var random = SeededGenerator(seed: 65)
        for _ in 0..<20_000 {
            let letters = UInt8(Int.random(in: 1...3, using: &random))
            let haystack = (0..<Int.random(in: 0...30, using: &random)).map { _ in 97 + UInt8.random(in: 0..<letters, using: &random) }
            let needle = (0..<Int.random(in: 0...6, using: &random)).map { _ in 97 + UInt8.random(in: 0..<letters, using: &random) }
            #expect(Self.found(haystack, needle) == Self.naive(haystack, needle), "\(haystack) \(needle)")
        }
    }

    @Test("the edges: an empty word, a word longer than the text, the word at the very end, after a near miss")
    func edges() {
        let text = Array("aaab".utf8)
        #expect(Self.found(text, []) && Self.found([], []))
        #expect(!Self.found(text, Array("aaaab".utf8)))
        #expect(Self.found(text, Array("aab".utf8)) && Self.found(text, Array("b".utf8)))
        #expect(!Self.found(text, Array("ba".utf8)))
        #expect(CaseFolding.holds("정말 반갑습니다", "반갑") && !CaseFolding.holds("반가워", "반갑"))
    }
}
