import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

@Suite("What Tab does")
struct TabOutcomeTests {
    let vocabulary = {
        var words = CompletionVocabulary(commands: ["help", "home", "dm"], userNames: ["다은", "dave", "Dana"])
        words.inviteNames = ["dave"]
        return words
    }()

    @Test("one match replaces the word and adds a space; several put in what they share; a second Tab lists them; none rings")
    func outcomes() {
        #expect(vocabulary.completion(beforeCursor: "/he", repeated: false) == .replaceWord(length: 3, with: "/help "))
        #expect(vocabulary.completion(beforeCursor: "/h", repeated: false) == .none)
        #expect(vocabulary.completion(beforeCursor: "/h", repeated: true) == .list(["/help", "/home"]))
        #expect(vocabulary.completion(beforeCursor: "/dm D", repeated: false) == .replaceWord(length: 1, with: "da"))
        #expect(vocabulary.completion(beforeCursor: "/dm 다", repeated: false) == .replaceWord(length: 1, with: "다은 "))
        #expect(vocabulary.completion(beforeCursor: "/invite d", repeated: false) == .replaceWord(length: 1, with: "dave "))
        #expect(vocabulary.completion(beforeCursor: "/dm x", repeated: true) == .none)
    }
}
