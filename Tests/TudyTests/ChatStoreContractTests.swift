import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// What every `ChatStore` promises, run against each store in `StoreFactory.all`.
@Suite("ChatStore contract", .closingStores)
struct ChatStoreContractTests {
    private let alice = User(name: "alice")
    private let bob = User(name: "bob")
    private let carol = User(name: "carol")

    // MARK: - Changes

    /// The text of each message change.
    private func texts(_ changes: [StoreChange]) -> [String] {
        changes.compactMap { if case .message(let message) = $0 { message.text } else { nil } }
    }

    @Test("the change stream: messages in the user's rooms, theirs too, in order; never another's room", arguments: StoreFactory.all)
    func changeStreamMessages(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let room = try await store.directRoom(between: s.alice, and: bob)
        let theirs = try await store.directRoom(between: s.bob, and: carol)
        let changes = await ChangeRecorder.reading(try await store.changes(for: s.alice))

        _ = try await store.send("for bob and carol only", to: theirs.id, from: s.bob)
        _ = try await store.send("A1", to: room.id, from: s.alice)
        _ = try await store.send("B1", to: room.id, from: s.bob)
        let received = await changes.next(2)
        #expect(texts(received) == ["A1", "B1"])
        #expect(received.allSatisfy { if case .message(let message) = $0 { message.roomID == room.id } else { false } })
        #expect(try await store.messages(in: room.id, for: s.alice, after: 0, limit: 10).map(\.text) == ["A1", "B1"])
        #expect(try await store.firstUnread(in: room.id, for: s.alice) != nil)
    }

    @Test("the change stream: rooms joined and left, members who came and went", arguments: StoreFactory.all)
    func changeStreamRooms(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let direct = try await store.directRoom(between: s.alice, and: bob)
        let changes = await ChangeRecorder.reading(try await store.changes(for: s.alice))

        // Carol shares no group room with bob: she is asked, and the group is hers once she says yes.
        let asked = try await store.invite(carol, to: direct.id, by: s.bob)
        #expect(await changes.next(1) == [.joined(asked.room)])
        let group = try await store.acceptInvitation(try await store.invitations(for: s.carol)[0].id, by: s.carol)
        #expect(await changes.next(1) == [.roomChanged(group)])
        try await store.leave(roomID: group.id, session: s.carol)
        let withoutCarol = try await store.room(id: group.id, for: s.alice)
        #expect(await changes.next(1) == [.roomChanged(withoutCarol)])
        try await store.leave(roomID: group.id, session: s.alice)
        #expect(await changes.next(1) == [.left(roomID: group.id)])
        _ = try await store.send("after alice left", to: group.id, from: s.bob)
        _ = try await store.send("still here", to: direct.id, from: s.bob)
        #expect(texts(await changes.next(1)) == ["still here"])
    }

    @Test("a user's profile says the day they joined, found by any case of the name; a name nobody has is refused", arguments: StoreFactory.all)
    func profile(_ factory: StoreFactory) async throws {
        let joined = TestApp.start.addingTimeInterval(86_400 * 3)
        let store = try await factory.make(clock: WallClock { joined })
        _ = try await store.signUp(name: "Ann", password: "password-ann")
        let profile = try await store.profile(named: "ANN")
        #expect(profile.user.name == "Ann")
        let when = try #require(profile.joinedAt)
        #expect(abs(when.timeIntervalSince(joined)) < 1, "joined \(when), signed up \(joined)")
        await #expect(throws: StoreError.unknownUser("nobody")) { try await store.profile(named: "nobody") }
    }

    @Test("a group room names at most Room.departedLimit of those who left, the latest", arguments: StoreFactory.all)
    func departedAreBounded(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let ann = try await store.signUp(name: "ann", password: "password-ann")
        var people: [Session] = []
        for number in 0..<(Room.departedLimit + 5) {
            people.append(try await store.signUp(name: "guest\(number)", password: "password-guest"))
        }
        var room = try await store.directRoom(between: ann, and: people[0].user)
        for person in people.dropFirst() { room = try await store.bringIn(person, to: room.id, by: ann) }
        // All but the first leave the group, in the order they came.
        for person in people.dropFirst() { try await store.leave(roomID: room.id, session: person) }
        let left = try await store.room(id: room.id, for: ann)
        #expect(left.members.map(\.name) == ["ann", "guest0"])
        #expect(left.departed.map(\.name) == people.suffix(Room.departedLimit).map(\.user.name))
        #expect(try await store.rooms(of: ann).first { $0.room.id == room.id }?.room == left)
    }

    @Test("a change stream lasts no longer than its session: a logout ends it, and nothing after it is told", arguments: StoreFactory.all)
    func changeStreamEndsAtLogout(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let room = try await store.directRoom(between: s.alice, and: bob)
        let stream = try await store.changes(for: s.alice)
        let told = Locked([StoreChange]())
        let ended = Locked(false)
        let reading = Task {
            for await change in stream { told.mutate { $0.append(change) } }
            ended.value = true
        }
        defer { reading.cancel() }
        func waitFor(_ what: String, _ condition: () -> Bool) async throws {
            let deadline = ContinuousClock.now + .seconds(5)
            while !condition() {
                guard ContinuousClock.now < deadline else {
                    Issue.record("expected \(what) within 5 s; told \(told.value)")
                    return
                }
                try await Task.sleep(for: .milliseconds(2))
            }
        }
        _ = try await store.send("before", to: room.id, from: s.bob)
        try await waitFor("the message before the logout") { told.value.count == 1 }
        try await store.logOut(s.alice)
        try await waitFor("the stream to end at the logout") { ended.value }
        _ = try await store.send("after", to: room.id, from: s.bob)
        #expect(texts(told.value) == ["before"])
    }

    @Test("text with a control character but tab and newline is refused whole, in a message, an edit or a post, never cut or kept", arguments: StoreFactory.all)
    func controlCharactersRefused(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let room = try await store.directRoom(between: s.alice, and: bob)
        let refused: [(String, String)] = [
            ("\0", "U+0000"), ("\0hidden", "U+0000"), ("shown\0hidden", "U+0000"), ("   \0", "U+0000"),
            ("\u{1B}[2J cleared", "U+001B"), ("ring\u{07}", "U+0007"), ("back\roverwritten", "U+000D"),
            ("del\u{7F}", "U+007F"), ("c1 \u{9B}31m", "U+009B"),
        ]
        for (text, named) in refused {
            await #expect(throws: StoreError.controlCharacter(named)) { try await store.send(text, to: room.id, from: s.alice, key: nil) }
        }
        let sent = try await store.send("kept\tin columns\nand lines", to: room.id, from: s.alice, key: nil)
        await #expect(throws: StoreError.controlCharacter("U+0000")) {
            try await store.edit(.id(sent.id), in: room.id, to: "kept\0more", by: s.alice)
        }
        #expect(try await store.messages(in: room.id, for: s.alice, after: 0, limit: 10).map(\.text) == ["kept\tin columns\nand lines"])
        for draft in [
            ProjectDraft(title: "Swift\0study", works: ["ios"], capacity: 4, body: "Saturdays"),
            ProjectDraft(title: "Swift study", works: ["ios"], capacity: 4, body: "Satur\u{1B}]0;title\u{07}days"),
        ] {
            await #expect(throws: StoreError.invalidDraft(
                "a post can not hold control characters (\(draft.title.contains("\0") ? "U+0000" : "U+001B") here): take it out; tab and newline are kept"
            )) { try await store.createProject(draft, by: s.alice) }
        }
        #expect(try await store.projects(.all).isEmpty)
    }

    // MARK: - Accounts

    @Test("sign up, then log in with the password only", arguments: StoreFactory.all)
    func accounts(_ factory: StoreFactory) async throws {
        let (store, cast) = try await factory.makeWithCast()
        // A server lists only the names that share a room with the one signed in.
        let room = try await store.directRoom(between: cast.alice, and: bob)
        _ = try await store.bringIn(cast.carol, to: room.id, by: cast.alice)
        #expect(try await store.logIn(name: "alice", password: "password-alice").user == alice)
        #expect(try await store.logIn(name: "ALICE", password: "password-alice").user == alice)
        await #expect(throws: StoreError.wrongCredentials) {
            try await store.logIn(name: "alice", password: "password-bob")
        }
        await #expect(throws: StoreError.wrongCredentials) {
            try await store.logIn(name: "nobody", password: "password-alice")
        }
        await #expect(throws: StoreError.nameTaken("Alice")) {
            try await store.signUp(name: "Alice", password: "another-password")
        }
        await #expect(throws: StoreError.invalidName("a b")) {
            try await store.signUp(name: "a b", password: "another-password")
        }
        // Checked before a password is asked for (`/signup`), through a server too.
        await #expect(throws: StoreError.nameTaken("Alice")) { try await store.checkNameIsFree("Alice") }
        await #expect(throws: StoreError.invalidName("a b")) { try await store.checkNameIsFree("a b") }
        try await store.checkNameIsFree("dave")
        await #expect(throws: StoreError.weakPassword) {
            try await store.signUp(name: "dave", password: "short")
        }
        #expect(try await store.userNames() == ["alice", "bob", "carol"])
        await #expect(throws: StoreError.unknownUser("dave")) { try await store.user(named: "dave") }
    }

    @Test("a session names its user: a made-up, ended or expired token is refused", arguments: StoreFactory.all)
    func sessions(_ factory: StoreFactory) async throws {
        let now = Locked(TestApp.start)
        let store = try await factory.make(clock: WallClock { now.value })
        let alice = try await store.signUp(name: "alice", password: "password-alice")
        let bob = try await store.signUp(name: "bob", password: "password-bob")
        let room = try await store.directRoom(between: alice, and: bob.user)
        #expect(alice.token != bob.token && alice.token.text.count == 43)
        #expect(try await store.resume(alice.token) == alice)

        // Naming alice with a token the store never gave reaches nothing of hers.
        let forged = Session(user: alice.user, token: SessionToken.random())
        await #expect(throws: StoreError.sessionEnded) { try await store.rooms(of: forged) }
        await #expect(throws: StoreError.sessionEnded) { try await store.send("as alice", to: room.id, from: forged) }
        await #expect(throws: StoreError.sessionEnded) { try await store.resume(forged.token) }
        // A token stands for its own user, whatever user the session value names.
        let borrowed = Session(user: alice.user, token: bob.token)
        #expect(try await store.send("from bob", to: room.id, from: borrowed).sender == bob.user)

        let second = try await store.logIn(name: "alice", password: "password-alice")
        try await store.logOut(alice)
        await #expect(throws: StoreError.sessionEnded) { try await store.rooms(of: alice) }
        #expect(try await store.rooms(of: second).count == 1)

        now.value = TestApp.start.addingTimeInterval(SessionToken.lifetime + 1)
        await #expect(throws: StoreError.sessionEnded) { try await store.rooms(of: second) }
        await #expect(throws: StoreError.sessionEnded) { try await store.resume(bob.token) }
    }

    /// A server hands each request the session its connection signed in with, and asks the
    /// store nothing more: the store's own check is all that stops a session logged out
    /// elsewhere, so every call made as a user must make it.
    @Test("every call made as a user refuses a session logged out since, even on the user's own rooms and posts", arguments: StoreFactory.all)
    func everyCallChecksTheSession(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let direct = try await store.directRoom(between: s.alice, and: s.bob.user)
        let room = try await store.bringIn(s.carol, to: direct.id, by: s.alice)
        let message = try await store.send("hello", to: room.id, from: s.alice)
        let post = try await store.createProject(ProjectDraft(title: "Swift study", works: ["ios"], capacity: 4, body: "Saturdays"), by: s.alice)
        try await store.logOut(s.alice)
        let ended = s.alice
        let draft = ProjectDraft(title: "Swift study", works: ["ios"], capacity: 5, body: "Sundays")
        let calls: [(String, () async throws -> Void)] = [
            ("createProject", { _ = try await store.createProject(draft, by: ended) }),
            ("updateProject", { _ = try await store.updateProject(id: post.id, with: draft, by: ended) }),
            ("setProject", { _ = try await store.setProject(id: post.id, isOpen: false, by: ended) }),
            ("deleteProject", { try await store.deleteProject(id: post.id, by: ended) }),
            ("rooms", { _ = try await store.rooms(of: ended) }),
            ("room", { _ = try await store.room(id: room.id, for: ended) }),
            ("directRoom", { _ = try await store.directRoom(between: ended, and: s.carol.user) }),
            ("invite", { _ = try await store.invite(User(name: "dave"), to: room.id, by: ended) }),
            ("leave", { try await store.leave(roomID: room.id, session: ended) }),
            ("join", { _ = try await store.join(projectID: post.id, by: ended) }),
            ("kick", { _ = try await store.kick(s.carol.user, from: room.id, by: ended) }),
            ("rename", { _ = try await store.rename(roomID: room.id, to: "study", by: ended) }),
            ("setTopic", { _ = try await store.setTopic(roomID: room.id, to: "chapter 2", by: ended) }),
            ("messages before", { _ = try await store.messages(in: room.id, for: ended, before: nil, limit: 10) }),
            ("messages after", { _ = try await store.messages(in: room.id, for: ended, after: 0, limit: 10) }),
            ("firstUnread", { _ = try await store.firstUnread(in: room.id, for: ended) }),
            ("send", { _ = try await store.send(OutgoingMessage("again", key: "k1"), to: room.id, from: ended) }),
            ("findMessages", { _ = try await store.findMessages(["hello"], for: ended, before: nil, limit: 10) }),
            ("edit", { _ = try await store.edit(.id(message.id), in: room.id, to: "hi", by: ended) }),
            ("unsend", { _ = try await store.unsend(.id(message.id), in: room.id, by: ended) }),
            ("react", { _ = try await store.react(to: message.id, in: room.id, with: "👍", by: ended) }),
            ("setQuiet", { try await store.setQuiet(.room(room.id), true, by: ended) }),
            ("quiet", { _ = try await store.quiet(of: ended) }),
            ("markRead", { try await store.markRead(roomID: room.id, upTo: message.id, for: ended) }),
            ("readMarks", { _ = try await store.readMarks(in: room.id, for: ended) }),
            ("changes", { _ = try await store.changes(for: ended) }),
        ]
        for (name, call) in calls {
            await #expect(throws: StoreError.sessionEnded, "\(name) with a logged-out session") { try await call() }
        }
        // Nothing was done as her.
        let seen = try await store.messages(in: room.id, for: s.bob, after: 0, limit: 10)
        #expect(seen.map(\.text) == ["hello"] && seen.first?.status == .sent && seen.first?.reactions.isEmpty == true)
        #expect(try await store.room(id: room.id, for: s.bob).members.count == 3)
        #expect(try await store.project(id: post.id).capacity == 4)
    }

    @Test("a message sent again with its key is kept once; the same key from another sender is theirs", arguments: StoreFactory.all)
    func messageKeys(_ factory: StoreFactory) async throws {
        let (store, cast) = try await factory.makeWithCast()
        let room = try await store.directRoom(between: cast.alice, and: bob)
        let first = try await store.send("only once", to: room.id, from: cast.alice, key: "retry-1")
        let again = try await store.send("only once", to: room.id, from: cast.alice, key: "retry-1")
        #expect(again.id == first.id && again.text == "only once" && again.sender == alice)
        let bobs = try await store.send("mine", to: room.id, from: cast.bob, key: "retry-1")
        #expect(bobs.id != first.id && bobs.sender == bob)
        _ = try await store.send("no key", to: room.id, from: cast.alice)
        _ = try await store.send("no key", to: room.id, from: cast.alice)
        let page = try await store.messages(in: room.id, for: cast.alice, before: nil, limit: 10)
        #expect(page.messages.map(\.text) == ["only once", "mine", "no key", "no key"])
    }

    @Test("a message sent with one key from several places at once (a resend racing the first) is stored once, and each send answers with it", arguments: StoreFactory.all)
    func messageKeyRace(_ factory: StoreFactory) async throws {
        let (store, cast) = try await factory.makeWithCast()
        let room = try await store.directRoom(between: cast.alice, and: bob)
        for round in 1...5 {
            let answers = try await withThrowingTaskGroup(of: Message.self) { group in
                for _ in 1...8 {
                    group.addTask { try await store.send("round \(round)", to: room.id, from: cast.alice, key: "race-\(round)") }
                }
                return try await group.reduce(into: [Message]()) { $0.append($1) }
            }
            #expect(Set(answers.map(\.id)).count == 1, "round \(round): every send answers with the one message, not \(answers.map(\.id))")
        }
        let page = try await store.messages(in: room.id, for: cast.alice, before: nil, limit: 20)
        #expect(page.messages.map(\.text) == (1...5).map { "round \($0)" })
    }

    @Test("a message sent again with its key after its sender left the room is refused, as any send there", arguments: StoreFactory.all)
    func messageKeyAfterLeaving(_ factory: StoreFactory) async throws {
        let (store, cast) = try await factory.makeWithCast()
        let room = try await store.directRoom(between: cast.alice, and: bob)
        _ = try await store.send("only once", to: room.id, from: cast.alice, key: "retry-1")
        try await store.leave(roomID: room.id, session: cast.alice)
        await #expect(throws: StoreError.noSuchRoom(room.id)) {
            try await store.send("only once", to: room.id, from: cast.alice, key: "retry-1")
        }
    }

    @Test("a key reused in another room is refused there, never answered with the message of the room it was first sent to", arguments: StoreFactory.all)
    func messageKeyInAnotherRoom(_ factory: StoreFactory) async throws {
        let (store, cast) = try await factory.makeWithCast()
        let group = try await store.bringIn(cast.carol, to: try await store.directRoom(between: cast.alice, and: bob).id, by: cast.alice)
        let other = try await store.directRoom(between: cast.alice, and: cast.carol.user)
        _ = try await store.send("in the group", to: group.id, from: cast.alice, key: "k-1")
        try await store.leave(roomID: group.id, session: cast.alice)
        await #expect(throws: StoreError.sendKeyReused(roomID: other.id)) {
            try await store.send("in the group", to: other.id, from: cast.alice, key: "k-1")
        }
        #expect(try await store.messages(in: other.id, for: cast.alice, before: nil, limit: 5).messages.isEmpty)
    }

    @Test("names of any script: kept in NFC, unique and logged in without regard to case (Unicode case folding)", arguments: StoreFactory.all)
    func namesOfAnyScript(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        // "zoé" typed with a combining accent is kept precomposed.
        let zoe = try await store.signUp(name: "Zoe\u{301}", password: "password-zoe")
        #expect(zoe.user.name == "Zo\u{E9}" && zoe.user.name.unicodeScalars.count == 3)
        #expect(try await store.logIn(name: "ZO\u{C9}", password: "password-zoe").user == zoe.user)
        await #expect(throws: StoreError.nameTaken("zo\u{E9}")) { try await store.signUp(name: "zo\u{E9}", password: "password-x") }
        let joy = try await store.signUp(name: "조이", password: "password-joy")
        #expect(try await store.user(named: "조이") == joy.user)
        // Full case folding: ß is ss, final sigma is sigma.
        _ = try await store.signUp(name: "straße", password: "password-str")
        await #expect(throws: StoreError.nameTaken("STRASSE")) { try await store.signUp(name: "STRASSE", password: "password-x") }
        _ = try await store.signUp(name: "ὀδυσσεύς", password: "password-ody")
        #expect(try await store.user(named: "ὈΔΥΣΣΕΎΣ").name == "ὀδυσσεύς")
        let room = try await store.directRoom(between: joy, and: try await store.user(named: "ZOÉ"))
        #expect(room.hasMember(zoe.user) && room.hasMember(joy.user))
        // A mark that shows nothing makes no second account of a name that looks the same.
        _ = try await store.signUp(name: "alice", password: "password-alice")
        for bad in ["a b", "x!", "😀😀", "z", "ab\u{200B}", String(repeating: "가", count: 33), "alice\u{34F}", "alice\u{FE0F}", "alice\u{180B}", "ali\u{200D}ce"] {
            await #expect(throws: StoreError.invalidName(bad)) { try await store.signUp(name: bad, password: "password-x") }
        }
    }

    @Test("failed logins are forgotten a day after the last: the name has its free tries again", arguments: StoreFactory.all)
    func loginFailuresForgotten(_ factory: StoreFactory) async throws {
        let now = Locked(TestApp.start)
        let store = try await factory.make(clock: WallClock { now.value })
        _ = try await store.signUp(name: "alice", password: "password-alice")
        for name in ["alice", "nobody-at-all"] {
            for _ in 0...LoginThrottle.freeFailures {
                await #expect(throws: StoreError.wrongCredentials) { try await store.logIn(name: name, password: "wrong-password") }
            }
        }
        now.value = now.value.addingTimeInterval(LoginThrottle.forgottenAfter + 1)
        for _ in 0..<LoginThrottle.freeFailures {
            await #expect(throws: StoreError.wrongCredentials) { try await store.logIn(name: "alice", password: "wrong-password") }
        }
        #expect(try await store.logIn(name: "alice", password: "password-alice").user.name == "alice")
    }

    @Test("failed logins are throttled: past the free tries even the right password waits, then works", arguments: StoreFactory.all)
    func loginThrottle(_ factory: StoreFactory) async throws {
        let now = Locked(TestApp.start)
        let store = try await factory.make(clock: WallClock { now.value })
        _ = try await store.signUp(name: "alice", password: "password-alice")
        for _ in 0..<LoginThrottle.freeFailures {
            await #expect(throws: StoreError.wrongCredentials) { try await store.logIn(name: "alice", password: "wrong-password") }
        }
        await #expect(throws: StoreError.wrongCredentials) { try await store.logIn(name: "ALICE", password: "wrong-password") }
        let wait = LoginThrottle.wait(afterFailures: LoginThrottle.freeFailures + 1)
        #expect(wait > 0)
        await #expect(throws: StoreError.tooManyAttempts(waitSeconds: wait)) {
            try await store.logIn(name: "alice", password: "password-alice")
        }
        // Another name is not held back by alice's failures.
        _ = try await store.signUp(name: "bob", password: "password-bob")
        #expect(try await store.logIn(name: "bob", password: "password-bob").user.name == "bob")
        now.value = TestApp.start.addingTimeInterval(TimeInterval(wait))
        #expect(try await store.logIn(name: "alice", password: "password-alice").user.name == "alice")
        // A success forgets the failures: the next wrong password is free again.
        await #expect(throws: StoreError.wrongCredentials) { try await store.logIn(name: "alice", password: "wrong-password") }
    }

    // MARK: - Rooms

    @Test("one 1:1 room per pair, never a duplicate", arguments: StoreFactory.all)
    func directRooms(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let room = try await store.directRoom(between: s.alice, and: bob)
        #expect(room.kind == .direct && room.members == [alice, bob])
        #expect(try await store.directRoom(between: s.bob, and: alice).id == room.id)
        try await store.leave(roomID: room.id, session: s.bob)
        #expect(try await store.directRoom(between: s.alice, and: bob).id == room.id)
        #expect(try await store.room(id: room.id, for: s.bob).hasMember(bob))
        await #expect(throws: StoreError.cannotChatWithSelf) { try await store.directRoom(between: s.alice, and: alice) }
        await #expect(throws: StoreError.unknownUser("dave")) {
            try await store.directRoom(between: s.alice, and: User(name: "dave"))
        }
    }

    @Test("invite: a 1:1 room makes a group room; someone who shares no group room with the inviter is asked, and comes in on /accept; one who does comes in at once", arguments: StoreFactory.all)
    func invites(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let dave = try await store.signUp(name: "dave", password: "password-dave")
        let direct = try await store.directRoom(between: s.alice, and: bob)
        let asked = try await store.invite(carol, to: direct.id, by: s.alice)
        guard case .asked(let group) = asked else { Issue.record("carol was put in without being asked: \(asked)"); return }
        #expect(group.id != direct.id && group.kind == .group)
        #expect(group.members == [alice, bob], "carol is not in before she says yes")
        #expect(try await store.room(id: direct.id, for: s.alice).members == [alice, bob])
        await #expect(throws: StoreError.noSuchRoom(group.id)) { try await store.room(id: group.id, for: s.carol) }
        let waiting = try await store.invitations(for: s.carol)
        #expect(waiting.map(\.roomID) == [group.id] && waiting.map(\.inviter) == [alice])
        #expect(waiting.first?.roomTitle == "the group of alice, bob")
        #expect(try await store.invitations(for: s.alice).isEmpty)
        // Asking again while she has not answered keeps one invitation.
        #expect(try await store.invite(carol, to: group.id, by: s.bob) == .asked(group))
        #expect(try await store.invitations(for: s.carol).count == 1)
        await #expect(throws: StoreError.noSuchInvitation(waiting[0].id)) { try await store.acceptInvitation(waiting[0].id, by: s.bob) }
        let joined = try await store.acceptInvitation(waiting[0].id, by: s.carol)
        #expect(joined.id == group.id && joined.members == [alice, bob, carol])
        #expect(try await store.invitations(for: s.carol).isEmpty)
        await #expect(throws: StoreError.noSuchInvitation(waiting[0].id)) { try await store.acceptInvitation(waiting[0].id, by: s.carol) }

        // Carol and alice share a group room now: alice brings her in at once.
        let withDave = try await store.directRoom(between: s.alice, and: dave.user)
        #expect(try await store.invite(carol, to: withDave.id, by: s.alice).room.members == [alice, dave.user, carol])
        await #expect(throws: StoreError.alreadyMember("bob")) { try await store.invite(bob, to: group.id, by: s.alice) }
        await #expect(throws: StoreError.noSuchRoom(direct.id)) { try await store.invite(carol, to: direct.id, by: s.carol) }
    }

    @Test("nobody is put in rooms without end: a group holds at most Room.memberLimit, a person is in at most Room.roomsPerPersonLimit; leaving one makes room", arguments: StoreFactory.all)
    func roomLimits(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        // Each invite of carol from alice and bob's 1:1 room makes a new group of the three.
        let direct = try await store.directRoom(between: s.alice, and: bob)
        var groups: [Room] = []
        while groups.count < Room.roomsPerPersonLimit {
            do {
                groups.append(try await store.bringIn(s.carol, to: direct.id, by: s.alice))
            } catch let error as StoreError {
                #expect(error == .tooManyRooms("alice"))
                break
            }
        }
        #expect(groups.count == Room.roomsPerPersonLimit - 1, "alice's 1:1 room and her groups, up to the limit")
        #expect(try await store.rooms(of: s.alice).count == Room.roomsPerPersonLimit)
        let dave = try await store.signUp(name: "dave", password: "password-dave")
        await #expect(throws: StoreError.tooManyRooms("alice")) { try await store.directRoom(between: dave, and: alice) }
        try await store.leave(roomID: groups[0].id, session: s.alice)
        #expect(try await store.directRoom(between: dave, and: alice).members == [dave.user, alice])

        // A group of Room.memberLimit takes nobody more, until someone leaves.
        let group = groups[1]
        var members = 3
        var invitees: [Session] = []
        while members < Room.memberLimit {
            let name = "member\(members)"
            invitees.append(try await store.signUp(name: name, password: "password-\(name)"))
            _ = try await store.bringIn(invitees.last!, to: group.id, by: s.bob)
            members += 1
        }
        let late = try await store.signUp(name: "late", password: "password-late")
        await #expect(throws: StoreError.roomFull(group.id)) { try await store.bringIn(late, to: group.id, by: s.bob) }
        try await store.leave(roomID: group.id, session: invitees[0])
        #expect(try await store.bringIn(late, to: group.id, by: s.bob).members.count == Room.memberLimit)
    }

    @Test("no room's messages reach a non-member", arguments: StoreFactory.all)
    func membership(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let room = try await store.directRoom(between: s.alice, and: bob)
        _ = try await store.send("secret", to: room.id, from: s.alice)
        let refused = StoreError.noSuchRoom(room.id)
        await #expect(throws: refused) { try await store.room(id: room.id, for: s.carol) }
        await #expect(throws: refused) { try await store.messages(in: room.id, for: s.carol, before: nil, limit: 10) }
        await #expect(throws: refused) { try await store.send("hi", to: room.id, from: s.carol) }
        await #expect(throws: refused) { try await store.leave(roomID: room.id, session: s.carol) }
        await #expect(throws: refused) { try await store.markRead(roomID: room.id, upTo: 1, for: s.carol) }
        await #expect(throws: StoreError.noSuchRoom(404)) { try await store.room(id: 404, for: s.alice) }
        #expect(try await store.rooms(of: s.carol).isEmpty)

        try await store.leave(roomID: room.id, session: s.bob)
        await #expect(throws: refused) { try await store.messages(in: room.id, for: s.bob, before: nil, limit: 10) }
    }

    // MARK: - Messages

    @Test("messages page by key, oldest first within a page", arguments: StoreFactory.all)
    func paging(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let room = try await store.directRoom(between: s.alice, and: bob)
        var sent: [Message] = []
        for index in 1...25 {
            sent.append(try await store.send("message \(index)", to: room.id, from: index.isMultiple(of: 2) ? s.bob : s.alice))
        }
        let last = try await store.messages(in: room.id, for: s.bob, before: nil, limit: 10)
        #expect(last.messages.map(\.text) == (16...25).map { "message \($0)" })
        #expect(last.hasOlder)
        let older = try await store.messages(in: room.id, for: s.bob, before: last.messages.first!.id, limit: 10)
        #expect(older.messages.map(\.text) == (6...15).map { "message \($0)" })
        let oldest = try await store.messages(in: room.id, for: s.bob, before: older.messages.first!.id, limit: 10)
        #expect(oldest.messages.map(\.text) == (1...5).map { "message \($0)" })
        #expect(!oldest.hasOlder)
        #expect(sent.map(\.id) == sent.map(\.id).sorted())
    }

    @Test("send refuses empty and overlong text", arguments: StoreFactory.all)
    func sendChecks(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let room = try await store.directRoom(between: s.alice, and: bob)
        await #expect(throws: StoreError.emptyMessage) { try await store.send("  ", to: room.id, from: s.alice) }
        await #expect(throws: StoreError.messageTooLong) {
            try await store.send(String(repeating: "가", count: Message.maximumLength + 1), to: room.id, from: s.alice)
        }
        let page = try await store.messages(in: room.id, for: s.alice, before: nil, limit: 10)
        #expect(page.messages.isEmpty)
    }

    @Test("rooms list: newest activity first, unread counts others' messages", arguments: StoreFactory.all)
    func unread(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let withBob = try await store.directRoom(between: s.alice, and: bob)
        let withCarol = try await store.directRoom(between: s.alice, and: carol)
        _ = try await store.send("one", to: withBob.id, from: s.bob)
        let two = try await store.send("two", to: withBob.id, from: s.bob)
        _ = try await store.send("mine", to: withCarol.id, from: s.alice)

        let rooms = try await store.rooms(of: s.alice)
        #expect(rooms.map(\.room.id) == [withCarol.id, withBob.id])
        #expect(rooms.map(\.unreadCount) == [0, 2])
        #expect(rooms.last?.lastMessage == two)
        try await store.markRead(roomID: withBob.id, upTo: two.id, for: s.alice)
        #expect(try await store.rooms(of: s.alice).map(\.unreadCount) == [0, 0])
        #expect(try await store.rooms(of: s.carol).map(\.unreadCount) == [1])
    }
}

extension ChatStoreContractTests {
    @Test("unread counts stop at the limit", arguments: StoreFactory.all)
    func unreadLimit(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let alice = try await store.signUp(name: "alice", password: "password-alice")
        let bob = try await store.signUp(name: "bob", password: "password-bob")
        let room = try await store.directRoom(between: alice, and: bob.user)
        for index in 0...RoomSummary.unreadLimit {
            _ = try await store.send("\(index)", to: room.id, from: bob)
        }
        let summary = try #require(try await store.rooms(of: alice).first)
        #expect(summary.unreadCount == RoomSummary.unreadLimit)
        #expect(summary.unreadText == "99+")
    }
}
