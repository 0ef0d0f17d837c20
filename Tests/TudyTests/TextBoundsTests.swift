import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// Text a stranger crafts to cost: a character carrying thousands of marks in the reverse of
/// their canonical order, which normalization sorts in time that grows with the square.
enum CraftedText {
    /// One letter and `pairs` pairs of marks, each pair out of canonical order (230, then 1).
    static func marks(after base: String = "a", pairs: Int) -> String {
        base + String(repeating: "\u{301}\u{334}", count: pairs)
    }

    /// About 60 KB of it: under the largest request a server takes.
    static let frameFull = marks(pairs: 15_000)
}

@Suite("Text bounds")
struct TextBoundsTests {
    @Test("what people write passes: accents typed apart, Korean letters, Indic and Tibetan stacks, every kind of emoji")
    func peoplesText() {
        let texts = [
            "Tiếng Việt".decomposedStringWithCanonicalMapping, "한국어".decomposedStringWithCanonicalMapping,
            "क्षत्रिय", "བསྒྲུབས", "👨‍👩‍👧‍👦 👍🏽 🏴󠁧󠁢󠁥󠁮󠁧󠁿 1️⃣ 🇰🇷", "e\u{301}\u{302}\u{303}\u{304}\u{305}\u{306}\u{307}\u{308}",
            String(repeating: "e\u{301}", count: 5_000),
        ]
        for text in texts { #expect(TextBounds.marksAreFew(in: text), "\(text.debugDescription)") }
    }

    @Test("a character with one mark more than the bound is refused, wherever it is; marks on the next character count afresh")
    func oneMarkTooMany() throws {
        let nine = "e" + String(repeating: "\u{301}", count: TextBounds.marksPerCharacter + 1)
        for text in [nine, "hello " + nine, nine + " world", CraftedText.frameFull, "\u{301}" + String(repeating: "\u{334}", count: 8)] {
            #expect(!TextBounds.marksAreFew(in: text), "\(text.prefix(20).debugDescription)")
            #expect(throws: StoreError.tooManyMarks) { try TextBounds.check(text) }
        }
        let eightEach = String(repeating: "e" + String(repeating: "\u{301}", count: TextBounds.marksPerCharacter), count: 3)
        #expect(TextBounds.marksAreFew(in: eightEach))
    }

    @Test("a name is at most 64 bytes: 21 Korean syllables are, 22 are not; a text past four times that is no account's, unfolded")
    func nameBytes() {
        #expect(Accounts.isValidName(String(repeating: "가", count: 21)))
        #expect(!Accounts.isValidName(String(repeating: "가", count: 22)))
        #expect(Accounts.isValidName(String(repeating: "a", count: 32)))
        #expect(!Accounts.mayBeName(String(repeating: "a", count: 4 * Accounts.maximumNameBytes + 1)))
        #expect(!Accounts.mayBeName(CraftedText.frameFull))
        #expect(Accounts.key(CraftedText.frameFull) == Accounts.key(String(repeating: "b", count: 300)), "both no account's")
        #expect(Accounts.key(CraftedText.frameFull) != Accounts.key("alice"))
        #expect(Accounts.normalized(CraftedText.frameFull) == CraftedText.frameFull, "left for check to refuse")
    }

    @Test("two names have one key, found without folding, exactly when their folded keys are equal: 20,000 seeded pairs of ASCII, Hangul, accents, ß and lengths about the bound")
    func oneKeyWithoutFolding() {
        var random = SeededGenerator(seed: 65)
        // The first ten are ASCII and Hangul syllables, which fold by lower case alone.
        let pieces = ["a", "A", "b", "B", "z", "Z", "1", "_", "가", "힣", "é", "e\u{301}", "ß", "SS", "ss", "ı", "İ", "Ω", "ω"]
        func name() -> String {
            let length = [1, 2, 3, 8, 63, 64, 65, 256, 257][Int.random(in: 0..<9, using: &random)]
            let kinds = Bool.random(using: &random) ? 10 : pieces.count
            let piece = { pieces[Int.random(in: 0..<kinds, using: &random)] }
            return (0..<length).map { _ in piece() }.joined()
        }
        for _ in 0..<20_000 {
            let one = name()
            // Half the time the other is the same name in another case, to reach the equal ones.
            let other = Bool.random(using: &random) ? name() : (Bool.random(using: &random) ? one.uppercased() : one.lowercased())
            #expect(Accounts.haveOneKey(one, other) == (Accounts.key(one) == Accounts.key(other)), "\(one) / \(other)")
        }
    }
}

/// The same bound on every store, for every text a person gives one.
@Suite("ChatStore contract: text bounds", .closingStores)
struct TextBoundsContractTests {
    @Test("a name, message, post, room name or topic with too many marks on a character is refused as such, and so is a login with one", arguments: StoreFactory.all)
    func refused(_ factory: StoreFactory) async throws {
        let (store, s, group) = try await factory.makeWithCastInGroup()
        let crafted = CraftedText.marks(pairs: 1_000)
        await #expect(throws: StoreError.tooManyMarks) { try await store.signUp(name: CraftedText.marks(pairs: 5), password: "password-x") }
        await #expect(throws: StoreError.tooManyMarks) { try await store.logIn(name: crafted, password: "password-x") }
        await #expect(throws: StoreError.tooManyMarks) { try await store.send("hi " + crafted, to: group.id, from: s.alice) }
        await #expect(throws: StoreError.tooManyMarks) { try await store.rename(roomID: group.id, to: CraftedText.marks(pairs: 5), by: s.alice) }
        await #expect(throws: StoreError.tooManyMarks) { try await store.setTopic(roomID: group.id, to: crafted, by: s.alice) }
        let draft = ProjectDraft(title: "Swift", works: ["ios"], capacity: 3, body: crafted)
        await #expect(throws: StoreError.tooManyMarks) { try await store.createProject(draft, by: s.alice) }
        await #expect(throws: StoreError.self) { try await store.user(named: crafted) }
        await #expect(throws: StoreError.self) { try await store.invite(User(name: crafted), to: group.id, by: s.alice) }
        #expect(try await store.messages(in: group.id, for: s.alice, before: nil, limit: 10).messages.isEmpty)
        #expect(try await store.room(id: group.id, for: s.alice).name == nil)
    }

    @Test("a name of 22 Korean syllables (66 bytes) is refused, 21 taken; a login with a name past any account's length is wrong at once", arguments: StoreFactory.all)
    func nameLength(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let long = String(repeating: "가", count: 22)
        await #expect(throws: StoreError.invalidName(long)) { try await store.signUp(name: long, password: "password-x") }
        let fits = String(repeating: "가", count: 21)
        #expect(try await store.signUp(name: fits, password: "password-x").user.name == fits)
        await #expect(throws: StoreError.wrongCredentials) {
            try await store.logIn(name: String(repeating: "가", count: 20_000), password: "password-x")
        }
    }
}

/// A search's words, on every store: a few, each once, of a few characters in all.
@Suite("ChatStore contract: search bounds", .closingStores)
struct SearchBoundsContractTests {
    @Test("a search of more than 10 words or 200 characters is refused as such, of messages and of posts; a word typed many times is one", arguments: StoreFactory.all)
    func bounded(_ factory: StoreFactory) async throws {
        let (store, s, group) = try await factory.makeWithCastInGroup()
        _ = try await store.send("alpha beta gamma", to: group.id, from: s.bob)
        _ = try await store.createProject(ProjectDraft(title: "alpha", works: ["ios"], capacity: 3, body: "beta gamma"), by: s.bob)
        let eleven = (1...11).map { "w\($0)" }
        let letters = (0..<2_000).map { String(UnicodeScalar(UInt8(97 + $0 % 26))) }.joined(separator: " ")
        for query in [eleven.joined(separator: " "), letters, String(repeating: "가", count: 201)] {
            await #expect(throws: StoreError.searchTooLong) { try await store.findMessages(MessageSearch.words(query), for: s.alice, limit: 5) }
            await #expect(throws: StoreError.searchTooLong) { try await store.projects(.words(query)) }
        }
        let repeated = Array(repeating: "alpha", count: 500).joined(separator: " ") + " gamma"
        #expect(try await store.findMessages(MessageSearch.words(repeated), for: s.alice, limit: 5).map(\.text) == ["alpha beta gamma"])
        #expect(try await store.projects(.words(repeated)).map(\.title) == ["alpha"])
        let ten = Array(eleven.prefix(10)).joined(separator: " ")
        #expect(try await store.findMessages(MessageSearch.words(ten), for: s.alice, limit: 5).isEmpty)
        #expect(try await store.projects(.words(ten)).isEmpty)
    }
}

/// The server's door: a request's texts are looked at before anything else is done with them.
@Suite("Server: text bounds")
struct ServerTextBoundsTests {
    @Test("a request carrying a crafted text in any field is refused as too_many_marks before it is looked at; the connection goes on")
    func craftedRequests() async throws {
        let store = TestServer.memoryStore()
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }
        let crafted = CraftedText.marks(pairs: 10_000)
        let requests = [
            #"{"id":1,"op":"log_in","name":"\#(crafted)","password":"some-password"}"#,
            #"{"id":2,"op":"send","room_id":1,"text":"hi","key":"\#(crafted)"}"#,
            #"{"id":3,"op":"projects","query":{"kind":"words","text":"\#(crafted)"}}"#,
            #"{"id":4,"op":"find_messages","words":["\#(crafted)"]}"#,
            #"{"id":5,"op":"rooms"}"#,
        ]
        let exchange = try await RawSocket.exchange(server.url, signedInAs: ann.token, requests)
        let codes = exchange.replies.map { try? WireCodec().decode(WireFrame.self, from: $0).error?.code }
        #expect(codes == ["too_many_marks", "too_many_marks", "too_many_marks", "too_many_marks", nil], "replies: \(exchange.replies.map { $0.prefix(200) })")
    }
}
