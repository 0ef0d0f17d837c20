import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

@Suite("Tables fitted to the window")
struct TextTableTests {
    let rows = [
        ["#12", "open", "스위프트 동시성 스터디 모집합니다 주말 오전", "[ios, backend]", "by 김철수"],
        ["#3", "closed", "Algorithms every morning before work", "[algorithm]", "by carol"],
    ]

    @Test("wide enough: columns line up, nothing cut", arguments: [nil, 200] as [Int?])
    func wide(width: Int?) {
        let lines = TextTable.lines(rows, width: width)
        #expect(lines.count == 2 && !lines.joined().contains("…"))
        #expect(lines[0].hasPrefix("#12  open    스위프트"))
    }

    @Test("narrow: every line fits, the widest cells are cut with … by display width, Korean too", arguments: [40, 60, 80])
    func narrow(width: Int) {
        let lines = TextTable.lines(rows, width: width)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= width }, "\(lines)")
        #expect(lines.joined().contains("…"))
        #expect(lines.allSatisfy { $0.hasPrefix("#") || $0.hasPrefix(" ") }, "a line ran back to the first column: \(lines)")
    }

    @Test("a long last cell wraps under its own column")
    func lastColumnWraps() {
        let rows = [["/rooms", "your rooms: members, last message, unread count"], ["/open <n>", "enter room n"]]
        let lines = TextTable.rowLines(rows, width: 40)
        #expect(lines[0] == ["/rooms     your rooms: members, last", "           message, unread count"])
        #expect(lines[1] == ["/open <n>  enter room n"])
    }
}
