import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// What a person and a script see of messages that arrive: nothing marked read unseen, the
/// open room live, notices from other rooms, `/next` and `/wait`.
@MainActor
@Suite("Live chat")
struct LiveChatTests {
    let alice = User(name: "alice")
    let bob = User(name: "bob")
    let carol = User(name: "carol")

    /// alice, bob and carol; the 1:1 room of alice and bob is #1; bob logged in.
    private func app(sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) })
        async throws -> TestApp
    {
        let store = TestApp.memoryStore()
        for name in ["alice", "bob", "carol"] {
            _ = try await store.signUp(name: name, password: "password-\(name)")
        }
        let app = TestApp(store: store, sleep: sleep)
        _ = try await store.directRoom(between: try await app.session("alice"), and: bob)
        try await app.app.start()
        app.context.login.session = try await app.session("bob")
        return app
    }

    /// The app of `app()`, and a place for an action run once, when a wait's time starts to run:
    /// a reply sent then comes while `/wait` waits, never before.
    private func appActingWhenWaiting() async throws -> (TestApp, Locked<(@Sendable () async throws -> Void)?>) {
        let whenWaiting = Locked<(@Sendable () async throws -> Void)?>(nil)
        let app = try await app(sleep: { duration in
            let action = whenWaiting.value
            whenWaiting.value = nil
            try await action?()
            try await Task.sleep(for: duration)
        })
        return (app, whenWaiting)
    }

    private func unread(_ app: TestApp, room: Int) async throws -> Int {
        try await app.store.rooms(of: try await app.session("bob")).first { $0.room.id == room }?.unreadCount ?? -1
    }

    @Test("bob has @alice open; alice sends A1 and A2; bob sends B1: A1 and A2 stay unread until shown")
    func sendingReadsNothing() async throws {
        let app = try await app()
        await app.send("/chat", "/open 1")
        _ = try await app.store.send("A1", to: 1, from: try await app.session("alice"))
        _ = try await app.store.send("A2", to: 1, from: try await app.session("alice"))
        await app.send("B1")
        #expect(try await unread(app, room: 1) == 2)
        app.output.clear()
        await app.send("/chat", "/open 1")
        #expect(app.output.standardOutput.contains("── 2 new ──\n#1 [11-27 09:00] alice: A1\n#2 [11-27 09:00] alice: A2\n"))
        #expect(try await unread(app, room: 1) == 0)
    }

    @Test("a person at a terminal: what came before their own line is printed before it, in order")
    func catchUpBeforeOwnLine() async throws {
        let app = try await app()
        app.context.showsLiveMessages = true
        await app.send("/chat", "/open 1")
        _ = try await app.store.send("A1", to: 1, from: try await app.session("alice"))
        app.output.clear()
        await app.send("B1")
        #expect(app.output.standardOutput == "#1 [11-27 09:00] alice: A1\n#2 [11-27 09:00] bob: B1 ·\u{00A0}1\u{00A0}unread\n")
        #expect(try await unread(app, room: 1) == 0)
    }

    @Test("a room with 150 unread: the first 100 after a marker, read up to there; /next shows the other 50")
    func unreadCap() async throws {
        let app = try await app()
        for number in 1...150 { _ = try await app.store.send("m\(number)", to: 1, from: try await app.session("alice")) }
        await app.send("/chat")
        app.output.clear()
        await app.send("/open 1")
        let lines = app.output.standardOutput.split(separator: "\n")
        #expect(lines[1] == "── 100 new ──")
        #expect(lines[2].hasSuffix("alice: m1") && lines[101].hasSuffix("alice: m100"))
        #expect(lines[102] == "── more new after these: /next shows them ──")
        #expect(try await unread(app, room: 1) == 50)
        app.output.clear()
        await app.send("/next")
        #expect(app.output.standardOutput.contains("── 50 new ──\n"))
        #expect(app.output.standardOutput.contains("] alice: m101\n") && !app.output.standardOutput.contains("] alice: m100\n"))
        #expect(try await unread(app, room: 1) == 0)
        app.output.clear()
        await app.send("/next")
        #expect(app.output.standardOutput == "no unread messages\n")
    }

    @Test("arriving in the open room: printed and read; in another room: a notice, the bell for 1:1, read nothing")
    func changesWhereTheUserIs() async throws {
        let app = try await app()
        await app.send("/chat", "/open 1")
        app.output.clear()
        let inOpenRoom = try await app.store.send("live one", to: 1, from: try await app.session("alice"))
        await app.tabBar.show(.message(inOpenRoom))
        #expect(app.output.standardOutput == "#1 [11-27 09:00] alice: live one\n")
        #expect(try await unread(app, room: 1) == 0)

        let other = try await app.store.directRoom(between: try await app.session("carol"), and: bob)
        let elsewhere = try await app.store.send("hello bob, from carol's room with a long text to cut short", to: other.id, from: try await app.session("carol"))
        app.output.clear()
        await app.tabBar.show(.message(elsewhere))
        #expect(app.output.standardOutput == "[11-27 09:00] #2 @carol carol: hello bob, from carol's room with a long text to cut short\n")
        #expect(try await unread(app, room: other.id) == 1)
        #expect(Mention.names(bob, in: "see you @Bob!") && !Mention.names(bob, in: "@bobby"))
    }

    @Test("an edit or unsend in the open room prints the message as it is now, once; from another room, nothing")
    func changedMessages() async throws {
        let app = try await app()
        let alice = try await app.session("alice")
        let sent = try await app.store.send("meet at nien", to: 1, from: alice)
        await app.send("/chat", "/open 1")
        app.output.clear()
        let edited = try await app.store.edit(.id(sent.id), in: 1, to: "meet at nine", by: alice)
        await app.tabBar.show(.messageChanged(edited))
        await app.tabBar.show(.messageChanged(edited))
        #expect(app.output.standardOutput == "#\(sent.id) [11-27 09:00] alice: meet at nine (edited)\n")

        let other = try await app.store.directRoom(between: try await app.session("carol"), and: bob)
        let carols = try await app.store.send("carol's", to: other.id, from: try await app.session("carol"))
        await app.tabBar.show(.messageChanged(try await app.store.unsend(.last, in: other.id, by: try await app.session("carol"))))
        #expect(carols.status == .sent && app.output.standardOutput.split(separator: "\n").count == 1, "nothing from another room")

        app.output.clear()
        let bobs = try await app.store.send("bob's own", to: 1, from: try await app.session("bob"))
        await app.send("/unsend")
        await app.tabBar.show(.messageChanged(bobs.deleted))
        #expect(app.output.standardOutput == "#\(bobs.id) [11-27 09:00] bob: (message deleted)\n", "the user's own change, once")

        // One the room showed already: the command prints the change, and the feed's copy of it is not printed again.
        await app.send("bob's shown one")
        app.output.clear()
        await app.send("/edit bob's changed one")
        let changed = try #require(try await app.store.messages(in: 1, for: try await app.session("bob"), before: nil, limit: 1).messages.last)
        await app.tabBar.show(.messageChanged(changed))
        #expect(app.output.standardOutput == "#\(changed.id) [11-27 09:00] bob: bob's changed one (edited) ·\u{00A0}1\u{00A0}unread\n", "the user's own change to a shown message, once")
    }

    @Test("a rename or a topic in the open room is one event line, live; the user's own, once; from another room, nothing")
    func roomChanges() async throws {
        let app = try await app()
        let alice = try await app.session("alice")
        let group = try await app.store.bringIn(try await app.session("carol"), to: 1, by: alice)
        await app.send("/chat", "/open \(group.id)")
        app.output.clear()
        let renamed = try await app.store.rename(roomID: group.id, to: "Swift study", by: alice)
        await app.tabBar.show(.roomChanged(renamed))
        await app.tabBar.show(.roomChanged(renamed))
        #expect(app.output.standardOutput == "── the room is named Swift study now ──\n")

        app.output.clear()
        await app.send("/topic chapter 3")
        await app.tabBar.show(.roomChanged(try await app.store.room(id: group.id, for: alice)))
        #expect(app.output.standardOutput == "── topic: chapter 3 ──\n", "the user's own, once")
        app.output.clear()
        await app.send("/topic -")
        #expect(app.output.standardOutput == "── no topic now ──\n")

        app.output.clear()
        await app.tabBar.show(.roomChanged(try await app.store.setTopic(roomID: 1, to: "elsewhere", by: alice)))
        #expect(app.output.standardOutput == "", "nothing from another room")
    }

    @Test("mentions that came before tudy started count apart in the first prompt, found in the store; a room read elsewhere has none")
    func mentionsBeforeStart() async throws {
        let app = try await app()
        let carol = try await app.session("carol")
        let other = try await app.store.directRoom(between: carol, and: bob)
        _ = try await app.store.send("@bob are you there?", to: other.id, from: carol)
        let last = try await app.store.send("no mention here", to: other.id, from: carol)
        #expect(await app.tabBar.interactiveLineRequest().prompt.hasSuffix("bob [2 unread, 1 @]> "))
        try await app.store.markRead(roomID: other.id, upTo: last.id, for: try await app.session("bob"))
        #expect(await app.tabBar.interactiveLineRequest().prompt.hasSuffix("bob> "))
    }

    @Test("a message naming you from another room counts apart in the prompt until its room is read; /mentions lists those that name you")
    func mentions() async throws {
        let app = try await app()
        let carol = try await app.session("carol")
        let other = try await app.store.directRoom(between: carol, and: bob)
        await app.send("/chat", "/open 1")
        let named = try await app.store.send("are you coming, @Bob?", to: other.id, from: carol)
        await app.tabBar.show(.message(named))
        #expect(await app.tabBar.interactiveLineRequest().prompt.hasSuffix("bob [1 unread, 1 @]> "))
        await app.tabBar.show(.message(try await app.store.send("bob without the at", to: other.id, from: carol)))
        #expect(await app.tabBar.interactiveLineRequest().prompt.hasSuffix("bob [2 unread, 1 @]> "), "a name without @ is no mention")
        _ = try await app.store.send("and @bobby is someone else", to: other.id, from: carol)

        app.output.clear()
        await app.send("/mentions")
        #expect(app.output.standardOutput.contains("1 message naming you (@bob), newest first"))
        #expect(app.output.standardOutput.contains("carol: are you coming, @Bob?") && !app.output.standardOutput.contains("bobby"))
        await app.send("/open \(other.id)")
        #expect(await app.tabBar.interactiveLineRequest().prompt.hasSuffix("bob> "), "read: nothing counted")
    }

    @Test("a message naming you is bold at a terminal that shows styles, plain otherwise; your own is never")
    func highlight() throws {
        let named = Message(id: 4, roomID: 1, sender: alice, text: "see you, @bob", sentAt: TestApp.start)
        let own = Message(id: 5, roomID: 1, sender: bob, text: "I am @bob", sentAt: TestApp.start)
        let styled = RecordingOutput()
        let terminal = Console(output: styled, capabilities: .init(colour: true, isTerminal: true))
        terminal.viewer = { self.bob }
        terminal.show(.message(named))
        terminal.show(.message(own))
        let lines = styled.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasSuffix(Style.bold.apply("see you, @bob")) == true, "\(lines)")
        #expect(lines.last?.contains(Style.bold.apply("I am @bob")) == false)
        let plain = RecordingOutput()
        let piped = Console(output: plain)
        piped.viewer = { self.bob }
        piped.show(.message(named))
        #expect(plain.standardOutput == "#4 [11-27 09:00] alice: see you, @bob\n")
    }

    @Test("someone ignored: their messages hidden in a room, no notice or bell from them, not found; a muted room: no notice, out of the prompt's total, marked in /rooms")
    func quiet() async throws {
        let app = try await app()
        let carol = try await app.session("carol")
        let carols = try await app.store.directRoom(between: carol, and: bob)
        let group = try await app.store.bringIn(carol, to: 1, by: try await app.session("alice"))
        _ = try await app.store.send("from alice", to: group.id, from: try await app.session("alice"))
        _ = try await app.store.send("carol says hi", to: group.id, from: carol)
        await app.send("/chat", "/ignore carol")
        #expect(app.output.standardOutput.contains("you ignore carol"))
        app.output.clear()
        await app.send("/open \(group.id)")
        #expect(app.output.standardOutput.contains("alice: from alice") && !app.output.standardOutput.contains("carol says hi"))
        #expect(app.output.standardOutput.contains("── 1 new ──"), "carol's is not counted: \(app.output.standardOutput)")
        await app.send("/back")
        app.output.clear()
        await app.send("/rooms")
        #expect(!app.output.standardOutput.contains("carol says hi"), "not her words as the room's last: \(app.output.standardOutput)")
        app.output.clear()
        await app.tabBar.show(.message(try await app.store.send("psst bob", to: carols.id, from: carol)))
        await app.send("/find psst")
        #expect(!app.output.standardOutput.contains("psst bob"), "\(app.output.standardOutput)")
        await app.send("/unignore carol", "/open \(group.id)")
        #expect(app.output.standardOutput.contains("carol says hi"))

        await app.send("/mute", "/back")
        app.output.clear()
        await app.tabBar.show(.message(try await app.store.send("@bob in the muted room", to: group.id, from: carol)))
        #expect(app.output.standardOutput.isEmpty, "no notice from a muted room: \(app.output.standardOutput)")
        await app.send("/rooms")
        #expect(app.output.standardOutput.contains("[1 unread, muted]"))
        #expect(await app.tabBar.interactiveLineRequest().prompt.contains("[1 unread]"), "only carol's 1:1 counts")
        await app.send("/open \(group.id)", "/unmute")
        #expect(app.output.standardOutput.contains("is heard again"))
    }

    @Test("a change to a message the open room has not shown (above its page) is not printed; once /more shows it, it is")
    func changeAbovePage() async throws {
        let app = try await app()
        // bob's own messages: nothing unread, so the room opens on its last page.
        let bobs = try await app.session("bob")
        let first = try await app.store.send("the first, with a tpyo", to: 1, from: bobs)
        for n in 1...RoomScreen.pageSize {
            _ = try await app.store.send("message \(n)", to: 1, from: bobs)
        }
        await app.send("/chat", "/open 1")
        app.output.clear()
        let edited = try await app.store.edit(.id(first.id), in: 1, to: "the first, with a typo", by: bobs)
        await app.tabBar.show(.messageChanged(edited))
        #expect(app.output.standardOutput == "")

        await app.send("/more")
        app.output.clear()
        let again = try await app.store.edit(.id(first.id), in: 1, to: "the first", by: bobs)
        await app.tabBar.show(.messageChanged(again))
        #expect(app.output.standardOutput == "#\(first.id) [11-27 09:00] bob: the first (edited) ·\u{00A0}1\u{00A0}unread\n")
    }

    @Test("the bell rings on a terminal only, and not with --notify none")
    func bellOnTerminalOnly() {
        let output = RecordingOutput()
        Console(output: output, capabilities: .init(isTerminal: true)).bell()
        #expect(output.standardOutput == "\u{07}")
        let piped = RecordingOutput()
        Console(output: piped).bell()
        #expect(piped.standardOutput == "")
        let quiet = RecordingOutput()
        let console = Console(output: quiet, capabilities: .init(isTerminal: true))
        console.notifies = .none
        console.alert(title: "carol in @carol", body: "hi")
        #expect(quiet.standardOutput == "")
    }

    @Test("--notify osc: a 1:1 message from another room rings the bell and asks the terminal for a desktop notification of who, where and what; a pipe gets neither")
    func desktopNotification() async throws {
        let store = TestApp.memoryStore()
        for name in ["alice", "bob", "carol"] { _ = try await store.signUp(name: name, password: "password-\(name)") }
        let app = TestApp(store: store, capabilities: .init(isTerminal: true))
        app.context.console.notifies = .osc
        app.context.console.notification = DesktopNotification(sequence: .osc777, throughTmux: false)
        try await app.app.start()
        app.context.login.session = try await app.session("bob")
        let carol = try await app.session("carol")
        let other = try await app.store.directRoom(between: carol, and: bob)
        await app.send("/chat")
        app.output.clear()
        // A message holds no control character; a newline, a ';' and a bidi override it may.
        await app.tabBar.show(.message(try await app.store.send("lunch?\n;at noon\u{202E}", to: other.id, from: carol)))
        #expect(app.output.standardOutput.hasSuffix("\u{07}\u{1B}]777;notify;carol in @carol;lunch? ,at noon\u{07}"), "\(app.output.standardOutput.debugDescription)")
    }

    @Test("with the terminal's window behind another, a 1:1 message in the open room rings the bell and notifies too; in front, it is only printed")
    func notificationWhenBehind() async throws {
        let store = TestApp.memoryStore()
        for name in ["alice", "bob"] { _ = try await store.signUp(name: name, password: "password-\(name)") }
        let app = TestApp(store: store, capabilities: .init(isTerminal: true))
        app.context.console.notifies = .osc
        app.context.console.notification = DesktopNotification(sequence: .osc9, throughTmux: false)
        var inFront = true
        app.context.console.isInFront = { inFront }
        try await app.app.start()
        app.context.login.session = try await app.session("bob")
        let alice = try await app.session("alice")
        _ = try await store.directRoom(between: alice, and: bob)
        await app.send("/chat", "/open 1")
        app.output.clear()
        await app.tabBar.show(.message(try await app.store.send("in front", to: 1, from: alice)))
        #expect(app.output.standardOutput == "#1 [11-27 09:00] alice: in front\n")
        inFront = false
        app.output.clear()
        await app.tabBar.show(.message(try await app.store.send("behind", to: 1, from: alice)))
        #expect(app.output.standardOutput == "#2 [11-27 09:00] alice: behind\n\u{07}\u{1B}]9;tudy: alice in @alice: behind\u{07}", "\(app.output.standardOutput.debugDescription)")
        await app.send("/ignore alice")
        app.output.clear()
        await app.tabBar.show(.message(try await app.store.send("ignored", to: 1, from: alice)))
        #expect(app.output.standardOutput == "", "nothing of someone ignored")
    }

    @Test("/wait prints a reply that comes while it waits, once, and goes on")
    func waitForReply() async throws {
        let (app, whenWaiting) = try await appActingWhenWaiting()
        await app.send("/chat", "/open 1")
        app.output.clear()
        let store = app.store
        let alice = try await app.session("alice")
        let sent = Locked(false)
        whenWaiting.value = {
            _ = try await store.send("a reply", to: 1, from: alice)
            sent.value = true
        }
        #expect(await app.send("/wait 5") == [])
        #expect(sent.value, "the reply was sent while /wait waited")
        #expect(app.output.standardOutput == "#1 [11-27 09:00] alice: a reply\n")
        #expect(await app.send("/where") == [] && app.output.standardOutput.hasSuffix("chat > rooms > @alice\n"), "it goes on in the room")
    }

    @Test("at a terminal, a message /wait printed at the list of rooms is not printed again as the live change that came with it")
    func waitAtListPrintsOnce() async throws {
        let (app, whenWaiting) = try await appActingWhenWaiting()
        app.context.showsLiveMessages = true
        await app.send("/chat")
        app.output.clear()
        let store = app.store
        let alice = try await app.session("alice")
        whenWaiting.value = { _ = try await store.send("a reply", to: 1, from: alice) }
        #expect(await app.send("/wait 5") == [])
        let deadline = ContinuousClock.now + .seconds(10)
        while !app.context.live.pending.contains(where: { if case .change(.message) = $0 { true } else { false } }) {
            #expect(ContinuousClock.now < deadline, "the reply's live change never came: pending \(app.context.live.pending)")
            guard ContinuousClock.now < deadline else { return }
            await Task.yield()
        }
        // As the prompt shows what came while a command ran.
        await app.tabBar.show(app.context.live.takeAll())
        #expect(app.output.standardOutput == "[11-27 09:00] #1 @alice alice: a reply\n")
    }

    @Test("/wait with nothing coming fails with one line saying what to do; in the rooms list too")
    func waitTimesOut() async throws {
        let app = try await app(sleep: { _ in })
        await app.send("/chat", "/open 1")
        #expect(await app.send("/wait 7") == [
            "no message from anyone else came to @alice within 7 s: /wait again, or /wait <seconds> for longer"
        ])
        await app.send("/back")
        #expect(await app.send("/wait") == [
            "no message from anyone else came to your rooms within 30 s: /wait again, or /wait <seconds> for longer"
        ])
        #expect(await app.send("/wait soon") == ["'soon' is not a number of seconds from 1 to 86400: usage /wait [seconds]"])
    }

    @Test("/wait in the rooms list prints what is unread in any room, each line naming its room")
    func waitInRoomsList() async throws {
        let app = try await app()
        let other = try await app.store.directRoom(between: try await app.session("carol"), and: bob)
        _ = try await app.store.send("from alice", to: 1, from: try await app.session("alice"))
        _ = try await app.store.send("from carol", to: other.id, from: try await app.session("carol"))
        await app.send("/chat")
        app.output.clear()
        #expect(await app.send("/wait 5") == [])
        #expect(app.output.standardOutput == "[11-27 09:00] #1 @alice alice: from alice\n[11-27 09:00] #2 @carol carol: from carol\n")
        #expect(try await app.store.rooms(of: try await app.session("bob")).allSatisfy { $0.unreadCount == 0 })
    }

    @Test("/wait in the rooms list leaves out what was unsent before it was read, and reads past it")
    func waitSkipsUnsent() async throws {
        let app = try await app()
        let alice = try await app.session("alice")
        let wrong = try await app.store.send("wrong room", to: 1, from: alice)
        _ = try await app.store.send("see you at nine", to: 1, from: alice)
        let slip = try await app.store.send("slip", to: 1, from: alice)
        for id in [wrong.id, slip.id] { _ = try await app.store.unsend(.id(id), in: 1, by: alice) }
        await app.send("/chat")
        #expect(app.output.standardOutput.hasSuffix("[1 unread]  alice: (message deleted)\n"))
        app.output.clear()
        #expect(await app.send("/wait 5") == [])
        #expect(app.output.standardOutput == "[11-27 09:00] #1 @alice alice: see you at nine\n")
        #expect(try await app.store.firstUnread(in: 1, for: try await app.session("bob")) == nil)
        #expect(try await app.store.messages(in: 1, for: try await app.session("bob"), after: 0, limit: 10).count == 3)
    }

    @Test("read counts: each message shows how many have not read it (the viewer not counted); a read of bob's own says the count left, live; /seen names who")
    func readCounts() async throws {
        let app = try await app()
        let (aliceSession, carolSession) = (try await app.session("alice"), try await app.session("carol"))
        let group = try await app.store.bringIn(carolSession, to: 1, by: aliceSession)
        let asked = try await app.store.send("chapter 3?", to: group.id, from: aliceSession)
        await app.send("/chat", "/open \(group.id)")
        #expect(app.output.standardOutput.contains("alice: chapter 3? ·\u{00A0}1\u{00A0}unread\n"), "carol has not read it; bob is reading it")
        app.output.clear()
        await app.send("yes, at eight")
        let own = try #require(try await app.store.messages(in: group.id, for: carolSession, before: nil, limit: 1).messages.last)
        #expect(app.output.standardOutput == "#\(own.id) [11-27 09:00] bob: yes, at eight ·\u{00A0}2\u{00A0}unread\n")

        /// Someone reads up to a message, as the store would tell it (`times` over); what is printed.
        func read(by session: Session, upTo id: Int, times: Int = 1) async throws -> String {
            app.output.clear()
            try await app.store.markRead(roomID: group.id, upTo: id, for: session)
            for _ in 0..<times { await app.tabBar.show(.read(roomID: group.id, reader: session.user, upTo: id)) }
            return app.output.standardOutput
        }
        #expect(try await read(by: aliceSession, upTo: own.id, times: 2) == "── alice read #\(own.id) · 1 unread ──\n", "once, though told twice")
        #expect(try await read(by: carolSession, upTo: asked.id) == "", "carol read only alice's message")
        app.output.clear()
        #expect(await app.send("/seen \(own.id)") == [])
        #expect(app.output.standardOutput == "#\(own.id) read by alice · not yet: carol\n")
        app.output.clear()
        await app.send("/ignore carol", "/chat", "/open \(group.id)")
        #expect(try await read(by: carolSession, upTo: own.id) == "", "nothing of someone ignored")
        #expect(await app.send("/seen \(own.id)") == [])
        #expect(app.output.standardOutput == "#\(own.id) read by alice, carol · everyone has\n")
        #expect(await app.send("/seen 99") == ["there is no message #99 in this room: the number is the one shown before a message"])
    }

    @Test("a message shown while the room's read mark waits out its pause is read all the same: /next does not open the room again")
    func nextAfterPausedMark() async throws {
        // The pause after a mark never ends here: only what /next does can mark the second message.
        let app = try await app(sleep: { _ in try await Task.sleep(for: .seconds(3600)) })
        app.context.showsLiveMessages = true
        let alice = try await app.session("alice")
        // The feed brings bob's changes, so the room shows them as they come (handed in below).
        await app.context.live.follow(try await app.session("bob"))
        await app.send("/chat", "/open 1")
        await app.tabBar.show(.message(try await app.store.send("first", to: 1, from: alice)))
        await app.tabBar.show(.message(try await app.store.send("second", to: 1, from: alice)))
        #expect(try await unread(app, room: 1) == 1, "the second waits for the pause")
        app.output.clear()
        #expect(await app.send("/next") == [])
        #expect(app.output.standardOutput == "no unread messages\n")
        #expect(try await unread(app, room: 1) == 0)
    }

    @Test("/wait at the list of rooms shows nothing of someone ignored, and does not take it for news")
    func waitIgnores() async throws {
        let app = try await app(sleep: { _ in })
        let carol = try await app.session("carol")
        let carols = try await app.store.directRoom(between: carol, and: bob)
        let group = try await app.store.bringIn(carol, to: 1, by: try await app.session("alice"))
        await app.send("/chat", "/ignore carol")
        _ = try await app.store.send("psst bob", to: carols.id, from: carol)
        app.output.clear()
        #expect(await app.send("/wait 5") == [
            "no message from anyone else came to your rooms within 5 s: /wait again, or /wait <seconds> for longer"
        ])
        // After news in the same room, what she said is read with it, not shown.
        _ = try await app.store.send("hello", to: group.id, from: try await app.session("alice"))
        _ = try await app.store.send("psst again", to: group.id, from: carol)
        #expect(await app.send("/wait 5") == [])
        #expect(app.output.standardOutput.contains("alice: hello") && !app.output.standardOutput.contains("psst"), "\(app.output.standardOutput)")
    }
}
