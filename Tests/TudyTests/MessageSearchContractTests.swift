import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// `/find` as every store answers it: the user's rooms only, any script's case, a word
/// inside a longer one, newest first.
@Suite("ChatStore contract: finding messages", .closingStores)
struct MessageSearchContractTests {
    private func find(_ query: String, in store: any ChatStore, for session: Session) async throws -> [String] {
        try await store.findMessages(MessageSearch.words(query), for: session, limit: MessageSearch.limit).map(\.text)
    }

    /// A store where ben sent `texts` to ann, in their 1:1 room, and ann's session.
    private func annReading(_ texts: [String], in factory: StoreFactory) async throws -> (store: any ChatStore, ann: Session) {
        let store = try await factory.make()
        let ann = try await store.signUp(name: "ann", password: "password-ann")
        let ben = try await store.signUp(name: "ben", password: "password-ben")
        let room = try await store.directRoom(between: ann, and: ben.user)
        for text in texts { _ = try await store.send(text, to: room.id, from: ben) }
        return (store, ann)
    }

    /// A store where ann and ben have a 1:1 room (ours), and ben and cat another (theirs).
    private func annBenAndCat(in factory: StoreFactory) async throws
        -> (store: any ChatStore, ann: Session, ben: Session, cat: Session, ours: Room, theirs: Room)
    {
        let store = try await factory.make()
        let ann = try await store.signUp(name: "ann", password: "password-ann")
        let ben = try await store.signUp(name: "ben", password: "password-ben")
        let cat = try await store.signUp(name: "cat", password: "password-cat")
        let ours = try await store.directRoom(between: ann, and: ben.user)
        return (store, ann, ben, cat, ours, try await store.directRoom(between: ben, and: cat.user))
    }

    @Test("finds in the user's rooms only, newest first; every word must be there", arguments: StoreFactory.all)
    func membership(_ factory: StoreFactory) async throws {
        let (store, ann, ben, cat, ours, theirs) = try await annBenAndCat(in: factory)
        _ = try await store.send("swift study on saturday", to: ours.id, from: ann)
        _ = try await store.send("a secret swift plan", to: theirs.id, from: ben)
        _ = try await store.send("swift study moved to sunday", to: ours.id, from: ben)
        let left = try await store.bringIn(cat, to: ours.id, by: ann)
        _ = try await store.send("swift group notes", to: left.id, from: cat)
        try await store.leave(roomID: left.id, session: ann)

        #expect(try await find("swift", in: store, for: ann) == ["swift study moved to sunday", "swift study on saturday"])
        #expect(try await find("study sunday", in: store, for: ann) == ["swift study moved to sunday"])
        #expect(try await find("secret", in: store, for: ann) == [], "another's room")
        #expect(try await find("notes", in: store, for: ann) == [], "a room left")
        #expect(try await find("secret", in: store, for: cat) == ["a secret swift plan"])
        #expect(try await find("100%", in: store, for: ann) == [], "% is a character, not a pattern")
        // A word too short for an index: the same rooms, newest first across them.
        #expect(try await find("wi", in: store, for: ann) == ["swift study moved to sunday", "swift study on saturday"])
        #expect(try await find("wi", in: store, for: cat) == ["swift group notes", "a secret swift plan"])
    }

    @Test("a search read on from where it stopped (before the oldest found) gives the rest, newest first, none twice; for indexed and short words", arguments: StoreFactory.all)
    func readOn(_ factory: StoreFactory) async throws {
        let texts = (1...23).map { "study note \($0)" + ($0.isMultiple(of: 3) ? " 한" : "") }
        let (store, ann) = try await annReading(texts, in: factory)
        for query in ["study", "te", "e", "note 한"] {
            let words = MessageSearch.words(query)
            let whole = try await store.findMessages(words, for: ann, limit: 100)
            var pages: [Message] = []
            var before: Int?
            // As many pages as the whole holds, and one more: a store that reads no further ends it.
            for _ in 0...(whole.count / 4 + 1) {
                let page = try await store.findMessages(words, for: ann, before: before, limit: 4)
                pages += page
                guard let last = page.last, page.count == 4 else { break }
                before = last.id
            }
            #expect(!whole.isEmpty && pages.map(\.id) == whole.map(\.id), "'\(query)' read on in pages of 4")
            let older = try await store.findMessages(words, for: ann, before: whole[2].id, limit: 100)
            #expect(older.map(\.id) == whole.dropFirst(3).map(\.id), "'\(query)' before the third found")
        }
    }

    @Test("Korean words inside longer ones, two syllables too; case in every script", arguments: StoreFactory.all)
    func scriptsAndCase(_ factory: StoreFactory) async throws {
        let (store, ann) = try await annReading(
            ["반갑습니다 여러분", "스터디를 시작해요", "안녕하세요", "ÉCOLE d'été", "Straße ΣΟΦΙΑ", "100% done_ok"], in: factory)
        #expect(try await find("반갑", in: store, for: ann) == ["반갑습니다 여러분"])
        #expect(try await find("스터디", in: store, for: ann) == ["스터디를 시작해요"])
        #expect(try await find("안녕", in: store, for: ann) == ["안녕하세요"])
        #expect(try await find("école", in: store, for: ann) == ["ÉCOLE d'été"])
        #expect(try await find("ÉTÉ", in: store, for: ann) == ["ÉCOLE d'été"])
        #expect(try await find("σοφια straße", in: store, for: ann) == ["Straße ΣΟΦΙΑ"])
        #expect(try await find("e%o", in: store, for: ann) == [], "% is a character, not any run of them")
        #expect(try await find("d_n", in: store, for: ann) == [], "_ is a character, not any one")
        #expect(try await find("e%", in: store, for: ann) == [], "a word too short for an index, % still literal")
        #expect(try await find("e_", in: store, for: ann) == ["100% done_ok"], "a word too short for an index, _ still literal")
        #expect(try await find("100% done_", in: store, for: ann) == ["100% done_ok"])
    }

    @Test("a letter typed another way, and full case: the same in every store", arguments: StoreFactory.all)
    func formsAndFullCase(_ factory: StoreFactory) async throws {
        // As macOS keeps file names: each syllable three letters, which a copy carries along.
        let decomposed = "한국어 공부".decomposedStringWithCanonicalMapping
        let (store, ann) = try await annReading(
            ["Straße am See", "ＩＯＳ 스터디", decomposed, "ㅋㅋㅋ 웃겨", "좋아요 👍🏽", "SWIFT 모임"], in: factory)
        #expect(try await find("STRASSE", in: store, for: ann) == ["Straße am See"], "ß is ss in upper case")
        #expect(try await find("ios", in: store, for: ann) == ["ＩＯＳ 스터디"], "full-width letters")
        #expect(try await find("국어", in: store, for: ann) == [decomposed], "text sent decomposed")
        let query = "스터디".decomposedStringWithCanonicalMapping
        #expect(try await find(query, in: store, for: ann) == ["ＩＯＳ 스터디"], "a query typed decomposed")
        #expect(try await find("ㅋㅋ", in: store, for: ann) == ["ㅋㅋㅋ 웃겨"])
        #expect(try await find("👍", in: store, for: ann) == ["좋아요 👍🏽"], "code point by code point")
        #expect(try await find("swift 모임", in: store, for: ann) == ["SWIFT 모임"], "Korean and ASCII, folded the short way")
    }

    @Test("a word of two letters: inside a longer one, at the end, or the whole message; a quote is a letter", arguments: StoreFactory.all)
    func twoLetterWords(_ factory: StoreFactory) async throws {
        let (store, ann) = try await annReading(
            ["내일 공부", "공부", "공부하자 오늘", "오늘도 공부방", "공 부", "say \"hi\"", "hi", "공부 또 공부"], in: factory)
        #expect(try await find("공부", in: store, for: ann) == ["공부 또 공부", "오늘도 공부방", "공부하자 오늘", "공부", "내일 공부"])
        #expect(try await find("공부 오늘", in: store, for: ann) == ["오늘도 공부방", "공부하자 오늘"])
        #expect(try await find("\"h", in: store, for: ann) == ["say \"hi\""])
        #expect(try await find("i\"", in: store, for: ann) == ["say \"hi\""], "at the end")
        #expect(try await find("hi", in: store, for: ann) == ["hi", "say \"hi\""])
    }

    @Test("a two-letter word that begins many longer ones: every message that holds it, newest first", arguments: StoreFactory.all)
    func twoLetterWordOfManyTrigrams(_ factory: StoreFactory) async throws {
        // More trigrams begin with "ab" (80) than the SQLite store looks up one by one, in fewer
        // messages (10) than a page, so that its newest messages do not fill the page either.
        let words: [String] = (0..<80).map { (n: Int) -> String in "ab" + String(UnicodeScalar(0xAC00 + n)!) }
        let texts: [String] = (0..<10).map { (message: Int) -> String in words[message * 8..<message * 8 + 8].joined(separator: " ") }
        let (store, ann) = try await annReading(texts, in: factory)
        #expect(try await find("ab", in: store, for: ann) == texts.reversed())
    }

    @Test("a word of one letter: alone, last, next to last, or inside", arguments: StoreFactory.all)
    func oneLetterWords(_ factory: StoreFactory) async throws {
        let (store, ann) = try await annReading(["책", "새 책", "책상", "그 책을 읽자", "공부", "책책"], in: factory)
        #expect(try await find("책", in: store, for: ann) == ["책책", "그 책을 읽자", "책상", "새 책", "책"])
        #expect(try await find("상", in: store, for: ann) == ["책상"])
        #expect(try await find("을 책", in: store, for: ann) == ["그 책을 읽자"])
        #expect(try await find("x", in: store, for: ann) == [])
    }

    @Test("a short word that fills a page: the newest of the user's rooms, none of a room of others'", arguments: StoreFactory.all)
    func shortWordFillingAPage(_ factory: StoreFactory) async throws {
        let (store, ann, ben, cat, ours, theirs) = try await annBenAndCat(in: factory)
        let texts = (1...60).map { "ok \($0)" }
        for text in texts { _ = try await store.send(text, to: ours.id, from: ben) }
        for n in 1...10 { _ = try await store.send("ok secret \(n)", to: theirs.id, from: cat) }
        #expect(try await find("ok", in: store, for: ann) == Array(texts.reversed().prefix(MessageSearch.limit)))
    }
}
