import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

@Suite("The prompt fits the window")
struct PromptFitTests {
    private let search = #"search "swift concurrency, actors and sendable checking in depth""#

    @Test("a long search query gives way, cut with …; the user's name and the unread count stay whole")
    func longQuery() {
        let prompt = PromptFit.prompt(parts: ["home", "board", search], tail: "  alice [3 unread]> ", width: 80)
        #expect(DisplayWidth.of(prompt) == 80 - PromptFit.typingRoom)
        #expect(prompt.hasPrefix(#"home > board > search "swift"#))
        #expect(prompt.hasSuffix("…  alice [3 unread]> "))
    }

    @Test("wide characters count two columns each")
    func wideCharacters() {
        let prompt = PromptFit.prompt(parts: ["home", "스터디 모집 검색어가 아주 길어서 창에 다 들어가지 않는 경우"], tail: "  조이> ", width: 50)
        #expect(DisplayWidth.of(prompt) <= 50 - PromptFit.typingRoom)
        #expect(prompt.hasSuffix("…  조이> "))
    }

    @Test("a prompt that fits, or one with no window (a script's), is left as it is")
    func untouched() {
        #expect(PromptFit.prompt(parts: ["chat", "rooms"], tail: "  bob> ", width: 80) == "chat > rooms  bob> ")
        #expect(PromptFit.prompt(parts: ["home", search], tail: "  bob> ", width: nil) == "home > \(search)  bob> ")
    }
}
