import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

@Suite("Ctrl-R: searching the history")
struct HistorySearchTests {
    let newestFirst = ["/open 2", "안녕하세요 여러분", "/help list", "/help list", "hello there", "/HELP"]

    @Test("each key narrows to the newest match; Ctrl-R steps to older ones, past a repeat of the one shown; a miss keeps the last match")
    func narrowing() {
        var search = HistorySearch(entries: newestFirst, original: "half")
        #expect(search.line == "half" && search.prompt == "(reverse-i-search)`': ")
        search.type("h")
        #expect(search.line == "/help list")
        search.type("el")
        #expect(search.line == "/help list")
        search.older()
        #expect(search.line == "hello there")
        search.older()
        #expect(search.line == "/HELP")
        search.older()
        #expect(search.line == "/HELP" && search.failed)
        #expect(search.prompt == "(failed reverse-i-search)`hel': ")
    }

    @Test("Korean is searched as typed; Backspace widens the query and starts from the newest")
    func koreanAndErase() {
        var search = HistorySearch(entries: newestFirst, original: "")
        search.type("여러")
        #expect(search.line == "안녕하세요 여러분")
        search.type("x")
        #expect(search.failed && search.line == "안녕하세요 여러분")
        search.erase()
        #expect(!search.failed && search.query == "여러")
        search.erase()
        search.erase()
        #expect(search.query == "" && search.line == "")
    }
}
