import Foundation
import Testing
import NIOWebSocket
import TudyPostgres
@testable import TudyRemote
@testable import TudyServer
import TudySQLite

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// What `RemoteChatStore` does when its server goes away and comes back.
@Suite("Remote store", .serialized, .closingStores)
struct RemoteStoreTests {
    private func starts(_ lines: [String], with prefix: String) -> Bool {
        lines.first?.hasPrefix(prefix) == true
    }

    /// A server on a store in memory and a client of it: ann signs up through the client,
    /// ben on the server's store itself, so that ben can act while the server is down.
    private func annOnClientBenOnServer() async throws
        -> (store: InMemoryChatStore, server: TestServer, client: RemoteChatStore, ann: Session, ben: Session)
    {
        let store = TestServer.memoryStore()
        let server = try await TestServer.start(store)
        let client = try await server.client()
        let ann = try await client.signUp(name: "ann", password: "ann-password")
        let ben = try await store.signUp(name: "ben", password: "ben-password")
        return (store, server, client, ann, ben)
    }

    @Test("a room with more unread messages than a page opens over a server, every unread shown (the screen asked for none above them, which a server refuses)", arguments: [20, 25, 100])
    @MainActor
    func manyUnreadOverServer(unread: Int) async throws {
        let (store, server, client, ann, ben) = try await annOnClientBenOnServer()
        defer { Task { await server.stop() } }
        let room = try await client.directRoom(between: ann, and: ben.user)
        for number in 1...unread { _ = try await store.send("unread \(number)", to: room.id, from: ben) }
        let app = TestApp(store: client)
        try await app.app.start()
        app.context.login.session = ann
        #expect(await app.send("/chat", "/open \(room.id)") == [])
        #expect(app.output.standardOutput.contains("── \(unread) new ──"))
        #expect(app.output.standardOutput.contains("ben: unread \(unread)\n"))
        await client.close()
    }

    @Test("/wait waits through the server's restart, up to its own time limit, and prints what came", arguments: ["room", "rooms"])
    @MainActor
    func waitThroughRestart(place: String) async throws {
        let (store, server, client, ann, ben) = try await annOnClientBenOnServer()
        let room = try await client.directRoom(between: ann, and: ben.user)
        let connection = await StreamRecorder.connectionLines(of: client)
        // Its calls are counted, to know when the wait has looked while the server is gone.
        let counted = FaultyStore(client)
        let app = TestApp(store: counted)
        try await app.app.start()
        app.context.login.session = ann
        #expect(await app.send("/chat") == [])
        if place == "room" { #expect(await app.send("/open \(room.id)") == []) }
        // The wait looks at the store (the room's messages, or every room) once as it starts,
        // and again after each change: the lost connection's report is one.
        let look = place == "room" ? "messagesAfter" : "rooms"
        func looks() -> Int { counted.calls.filter { $0 == look }.count }
        func waitForLooks(_ count: Int) async {
            let deadline = ContinuousClock.now + .seconds(10)
            while looks() < count && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
        }
        let before = looks()
        let waiting = Task { await app.send("/wait 30") }
        await waitForLooks(before + 1)
        #expect(looks() == before + 1, "the wait did not look at the store as it started")
        await server.stop()
        #expect(starts(await connection.next(1), with: "lost the connection"))
        if place == "room" {
            await waitForLooks(before + 2)
            #expect(looks() >= before + 2, "the wait did not look again after the connection was lost")
        }
        // At the list of rooms a look after the report reads nothing: the stream named no room.
        let again = try await TestServer.restart(store, port: server.port)
        defer { Task { await again.stop() } }
        _ = try await store.send("after the restart", to: room.id, from: ben)
        #expect(await waiting.value == [])
        #expect(app.output.standardOutput.contains("ben: after the restart\n"))
        await client.close()
    }

    @Test("while the server is gone a question fails at once, a message waits; once it is back the message is sent once")
    func disconnected() async throws {
        let store = TestServer.memoryStore()
        let server = try await TestServer.start(store)
        let client = try await server.client(requestTimeout: .seconds(30))
        let ann = try await client.signUp(name: "ann", password: "ann-password")
        // Ben is another person, on a tudy of his own: what this client says of its connection
        // is what ann's session's connection knows.
        let ben = try await store.signUp(name: "ben", password: "ben-password")
        let room = try await client.directRoom(between: ann, and: ben.user)
        let changes = await ChangeRecorder.reading(try await client.changes(for: ann))
        let connection = await StreamRecorder.connectionLines(of: client)

        await server.stop()
        #expect(starts(await connection.next(1), with: "lost the connection"))

        // With the server gone, this would wait out the 30 s request time if questions waited.
        await #expect(throws: RemoteStoreError.disconnected(url: server.url)) {
            _ = try await client.rooms(of: ann)
        }
        let sending = Task { try await client.send("typed while away", to: room.id, from: ann) }

        let again = try await TestServer.restart(store, port: server.port)
        defer { Task { await again.stop() } }
        let sent = try await sending.value
        #expect(sent.text == "typed while away")
        #expect(starts(await connection.next(1), with: "reconnected"))
        let back = await changes.next(1)
        #expect(back.contains { if case .message(let message) = $0 { message.id == sent.id } else { false } })
        let page = try await client.messages(in: room.id, for: ann, before: nil, limit: 10)
        #expect(page.messages.map(\.text) == ["typed while away"])
    }

    @Test("rooms joined and people who came while the connection was down are reported once it is back, before their messages")
    func membershipCatchUp() async throws {
        let (store, server, client, ann, ben) = try await annOnClientBenOnServer()
        let cat = try await store.signUp(name: "cat", password: "cat-password")
        let direct = try await store.directRoom(between: ben, and: ann.user)
        let changes = await ChangeRecorder.reading(try await client.changes(for: ann))
        let connection = await StreamRecorder.connectionLines(of: client)

        await server.stop()
        #expect(starts(await connection.next(1), with: "lost the connection"))
        // While ann is away, ben makes a group of the three and writes in it.
        let group = try await store.bringIn(cat, to: direct.id, by: ben)
        let hello = try await store.send("hello, group", to: group.id, from: ben)

        let again = try await TestServer.restart(store, port: server.port)
        defer { Task { await again.stop() } }
        let back = await changes.next(2)
        #expect(back.first == .joined(group))
        guard case .message(let caughtUp)? = back.dropFirst().first else {
            Issue.record("expected ben's message after the room, saw \(back)")
            return
        }
        #expect(caughtUp.id == hello.id && caughtUp.text == hello.text && caughtUp.roomID == group.id)
    }

    @Test("messages edited or unsent while the connection was down are sent as changes once it is back, then what is new")
    func changeCatchUp() async throws {
        let (store, server, client, ann, ben) = try await annOnClientBenOnServer()
        let room = try await store.directRoom(between: ben, and: ann.user)
        let typo = try await store.send("meet at nien", to: room.id, from: ben)
        let secret = try await store.send("the door code is 4471", to: room.id, from: ben)
        // Left as sent: no change to send again.
        _ = try await store.send("see you", to: room.id, from: ben)
        let changes = await ChangeRecorder.reading(try await client.changes(for: ann))
        let connection = await StreamRecorder.connectionLines(of: client)

        await server.stop()
        #expect(starts(await connection.next(1), with: "lost the connection"))
        let edited = try await store.edit(.id(typo.id), in: room.id, to: "meet at nine", by: ben)
        let unsent = try await store.unsend(.id(secret.id), in: room.id, by: ben)
        let later = try await store.send("on my way", to: room.id, from: ben)

        let again = try await TestServer.restart(store, port: server.port)
        defer { Task { await again.stop() } }
        // Compared without the time, which the wire carries as seconds in a double.
        let back = await changes.next(3).map { change -> String in
            switch change {
            case .message(let message): "new #\(message.id) \(message.status) \(message.text)"
            case .messageChanged(let message): "changed #\(message.id) \(message.status) \(message.text)"
            default: "\(change)"
            }
        }
        #expect(back == [
            "changed #\(edited.id) edited meet at nine", "changed #\(unsent.id) deleted ", "new #\(later.id) sent on my way",
        ])
    }

    @Test("a logout on one server of a PostgreSQL database closes the session's idle connections on another at once, told why; another person there goes on", .notQuick)
    func logOutReachesOtherServers() async throws {
        let database = try await PostgresTestCluster.newDatabase()
        let here = try await PostgresTestCluster.store(at: database)
        let there = try await PostgresTestCluster.store(at: database)
        let ann = try await here.signUp(name: "ann", password: "ann-password")
        let ben = try await here.signUp(name: "ben", password: "ben-password")
        let first = try await TestServer.start(here, endedSessions: await here.endedSessions())
        defer { Task { await first.stop() } }
        let second = try await TestServer.start(there, endedSessions: await there.endedSessions())
        defer { Task { await second.stop() } }

        // Ann's tablet on the second server is signed in and asks nothing more; ben's is there too.
        let tablet = try TCPConnection(port: second.port)
        try tablet.askForWebSocket()
        _ = try tablet.readHandshakeAnswer(within: 10)
        try tablet.sendText(RawSocket.resume(ann.token))
        _ = try tablet.readText(until: { $0.contains(#""type":"reply""#) }, within: 10, expecting: "the resume's reply")
        let bens = try await second.client()
        defer { Task { await bens.close() } }
        _ = try await bens.resume(ben.token)

        let logout = try await RawSocket.exchange(first.url, signedInAs: ann.token, [#"{"id":1,"op":"log_out"}"#])
        #expect(logout.replies.count == 1 && !logout.replies[0].contains("error"), "\(logout.replies)")
        let rest = try await tablet.waitForClose(within: 10)
        #expect(rest.contains(ServerConnection.loggedOutReason), "closed, and told why: \(rest)")
        #expect(try await bens.rooms(of: ben).isEmpty)
    }

    @Test("when the server's database goes away its clients are told, a question fails at once and a message waits; once it is back the message is sent and delivered", .notQuick)
    func databaseOutage() async throws {
        let database = try await PostgresTestCluster.newDatabase()
        let store = try await PostgresTestCluster.store(at: database)
        let server = try await TestServer.start(store, health: await store.healthReports())
        defer { Task { await server.stop() } }
        let client = try await server.client(requestTimeout: .seconds(60))
        let ann = try await client.signUp(name: "ann", password: "ann-password")
        let ben = try await client.signUp(name: "ben", password: "ben-password")
        let room = try await client.directRoom(between: ann, and: ben.user)
        let changes = await ChangeRecorder.reading(try await client.changes(for: ben))
        let connection = await StreamRecorder.connectionLines(of: client)

        try await PostgresTestCluster.cutOff(database)
        #expect(starts(await connection.next(1, within: 20), with: "the server at \(server.url) lost its database"))
        // The server is there to say so: this would wait out the 60 s request time if questions waited.
        await #expect(throws: RemoteStoreError.databaseDown(url: server.url)) {
            _ = try await client.rooms(of: ann)
        }
        let sending = Task { try await client.send("typed while the database was away", to: room.id, from: ann) }

        try await PostgresTestCluster.cutOff(database, false)
        #expect(starts(await connection.next(1, within: 40), with: "the server's database is back"))
        let sent = try await sending.value
        let delivered = await changes.next(1, within: 20)
        #expect(delivered.map(\.messageText) == [sent.text])
        let page = try await client.messages(in: room.id, for: ben, before: nil, limit: 10)
        #expect(page.messages.map(\.text) == ["typed while the database was away"])
    }

    @Test("reconnected while the database is away, for longer than a request's time: the live stream is asked for until it is back, and goes on", .notQuick)
    func reconnectedDuringOutage() async throws {
        let database = try await PostgresTestCluster.newDatabase()
        let store = try await PostgresTestCluster.store(at: database)
        let server = try await TestServer.start(store, health: await store.healthReports())
        let client = try await server.client(requestTimeout: .seconds(1))
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        let ben = try await client.signUp(name: "ben", password: "ben-password")
        let room = try await store.directRoom(between: ann, and: ben.user)
        let changes = await ChangeRecorder.reading(try await client.changes(for: ben))
        let connection = await StreamRecorder.connectionLines(of: client)

        try await PostgresTestCluster.cutOff(database)
        #expect(starts(await connection.next(1, within: 20), with: "the server at \(server.url) lost its database"))
        await server.stop()
        #expect(starts(await connection.next(1), with: "lost the connection"))
        let again = try await TestServer.restart(store, port: server.port, health: await store.healthReports())
        defer { Task { await again.stop() } }
        #expect(starts(await connection.next(1), with: "reconnected"))
        #expect(starts(await connection.next(1, within: 20), with: "the server at \(server.url) lost its database"))
        // Not a wait for something: the outage goes on for longer than the client's request
        // time, which the stream's new subscription must outlast.
        try await Task.sleep(for: .seconds(2))
        try await PostgresTestCluster.cutOff(database, false)
        #expect(starts(await connection.next(1, within: 40), with: "the server's database is back"))
        let sent = try await store.send("after the outage", to: room.id, from: ann)
        let delivered = await changes.next(1, within: 20)
        #expect(delivered.map(\.messageText) == [sent.text])
        await client.close()
    }

    @Test("a send retried with its key after the server restarted is kept once (the key is in the store, not the server)")
    func retryAfterRestart() async throws {
        let directory = try TemporaryDirectory.make()
        let store = try SQLiteChatStore(
            path: directory.appendingPathComponent("s.sqlite").path, clock: WallClock { Date() },
            hasher: Argon2idPasswordHasher(cost: .testing), access: .server)
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        let ben = try await store.signUp(name: "ben", password: "ben-password")
        let room = try await store.directRoom(between: ann, and: ben.user)
        let send = #"{"id":1,"op":"send","room_id":\#(room.id),"text":"once","key":"k-1"}"#

        let server = try await TestServer.start(store)
        let first = try await RawSocket.exchange(server.url, signedInAs: ann.token, [send])
        await server.stop()
        let again = try await TestServer.start(store)
        defer { Task { await again.stop() } }
        let second = try await RawSocket.exchange(again.url, signedInAs: ann.token, [send])
        let ids = (first.replies + second.replies).map { try? WireCodec().decode(WireFrame.self, from: $0).message?.id }
        #expect(ids.count == 2 && ids[0] != nil && ids[0] == ids[1], "replies: \(first.replies + second.replies)")
        #expect(try await store.messages(in: room.id, for: ann, before: nil, limit: 10).messages.map(\.text) == ["once"])
    }

    @Test("the server folds the words of a search itself: a client that sends them as typed finds what tudy finds")
    func serverFoldsSearchWords() async throws {
        let store = InMemoryChatStore(clock: WallClock { Date() }, hasher: Argon2idPasswordHasher(cost: .testing))
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        let ben = try await store.signUp(name: "ben", password: "ben-password")
        let room = try await store.directRoom(between: ann, and: ben.user)
        _ = try await store.send("see you at l'école", to: room.id, from: ben, key: nil)
        let find = #"{"id":1,"op":"find_messages","words":["ÉCOLE","See  You"],"limit":10}"#

        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }
        let exchange = try await RawSocket.exchange(server.url, signedInAs: ann.token, [find])
        let found = exchange.replies.compactMap { try? WireCodec().decode(WireFrame.self, from: $0).messages }
        #expect(found.map { $0.map(\.text) } == [["see you at l'école"]], "replies: \(exchange.replies)")
    }

    @Test("a post asked for again with its key is answered again, not made twice (the server keeps the reply)")
    func repeatedRequestAnsweredOnce() async throws {
        let store = InMemoryChatStore(clock: WallClock { Date() }, hasher: Argon2idPasswordHasher(cost: .testing))
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        var request = WireRequest(op: .createProject)
        request.key = "post-1"
        request.draft = ProjectDraft(title: "Swift study", works: ["ios"], capacity: 4, body: "Saturdays")
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }
        let texts = try (1...5).map { id in
            request.id = id
            return try WireCodec().encode(request)
        }
        let exchange = try await RawSocket.exchange(server.url, signedInAs: ann.token, texts)
        let ids = exchange.replies.map { try? WireCodec().decode(WireFrame.self, from: $0).project?.id }
        #expect(ids.count == 5 && ids[0] != nil && Set(ids).count == 1, "replies: \(exchange.replies)")
        #expect(try await store.projects(.all).count == 1)
    }

    @Test("a sign-up sent again on a new connection while the first is still being answered gets the first's answer: the account is made once, and its maker is not told the name is taken")
    func signUpRepeatedWhileAnswered() async throws {
        let gate = HashGate()
        // Opened whatever happens: a hash left waiting would hold the one thread hashing for every test after.
        defer { gate.open() }
        let store = InMemoryChatStore(clock: WallClock { Date() }, hasher: GatedHasher(gate: gate))
        let log = ServerLog()
        let server = try await TestServer.start(store, log: log)
        defer { Task { await server.stop() } }
        var request = WireRequest(op: .signUp)
        (request.id, request.key, request.name, request.password) = (1, "sign-up-1", "ann", "ann-password")
        let text = try WireCodec().encode(request)
        let first = Task { try await RawSocket.exchange(server.url, [text]) }
        try await waitUntil("the first sign-up hashing") { gate.entered == 1 }
        // As a client sends it again once it has reconnected.
        let second = Task { try await RawSocket.exchange(server.url, [text]) }
        // Waiting for the first's answer, or else (wrongly) in line to be hashed beside it.
        try await waitUntil("the second sign-up waiting") {
            log.contains("a request sent again waits") || PasswordWork.shared.waitingCount >= 2
        }
        gate.open()
        let replies = try [await first.value, await second.value].map { exchange in
            try WireCodec().decode(WireFrame.self, from: try #require(exchange.replies.first))
        }
        #expect(replies.allSatisfy { $0.error == nil }, "replies: \(replies)")
        #expect(replies[0].session?.token != nil && replies[0].session?.token == replies[1].session?.token)
        #expect(gate.entered == 1, "hashed \(gate.entered) times")
    }

    @Test("a client leaving while its server still works on a request of its (and reads nothing of it meanwhile) goes without waiting for that answer")
    func closeWhileServerWorks() async throws {
        let gate = HashGate()
        defer { gate.open() }
        let store = InMemoryChatStore(clock: WallClock { Date() }, hasher: GatedHasher(gate: gate))
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }
        let client = try await server.client(requestTimeout: .milliseconds(300))
        // Not answered within the request time: the hash waits at its gate.
        await #expect(throws: RemoteStoreError.self) { _ = try await client.signUp(name: "ann", password: "ann-password") }
        let closed = Locked(false)
        Task {
            await client.close()
            closed.value = true
        }
        try await waitUntil("the client closed, its sign-up still unanswered") { closed.value }
        let names = try await store.userNames()
        #expect(gate.entered == 1 && names.isEmpty)
    }

    @Test("log_out closes its connection; a keyed request replayed after it is refused, and on another's connection is theirs, never the cached reply")
    func replayAfterLogoutRefused() async throws {
        let store = InMemoryChatStore(clock: WallClock { Date() }, hasher: Argon2idPasswordHasher(cost: .testing))
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        let ben = try await store.signUp(name: "ben", password: "ben-password")
        var request = WireRequest(id: 1, op: .createProject)
        request.key = "post-1"
        request.draft = ProjectDraft(title: "Swift study", works: ["ios"], capacity: 4, body: "Saturdays")
        let post = try WireCodec().encode(request)
        let logOut = #"{"id":2,"op":"log_out","key":"out-1"}"#
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }

        let before = try await RawSocket.listen(server.url, signedInAs: ann.token, [post, logOut]) {}
        let frames = before.replies.compactMap { try? WireCodec().decode(WireFrame.self, from: $0) }
        #expect(frames.count == 2 && frames.first?.project != nil && frames.last?.error == nil, "replies: \(before.replies)")
        #expect(
            before.closeCode == WebSocketErrorCode(codeNumber: WireCodec.sessionEndedCloseCode),
            "the connection that logged out is closed, with the code that tells its client not to come back")

        let replayed = try await RawSocket.exchange(server.url, signedInAs: ann.token, [post])
        let refusals = replayed.replies.compactMap { try? WireCodec().decode(WireFrame.self, from: $0).error?.code }
        #expect(refusals == ["session_ended", "session_ended"], "the resume and the replay: \(replayed.replies)")

        let bens = try await RawSocket.exchange(server.url, signedInAs: ben.token, [post])
        let bensPost = bens.replies.compactMap { try? WireCodec().decode(WireFrame.self, from: $0).project }
        #expect(bensPost.map(\.writer.name) == ["ben"] && bensPost.first?.id != frames.first?.project?.id, "replies: \(bens.replies)")
        #expect(try await store.projects(.all).count == 2)
    }

    @Test("a logout ends the session on every connection of it at once: another of its connections is closed and told why, another client of it finds its stream ended and is refused; another person goes on")
    func logOutEndsEveryConnection() async throws {
        let (store, _, ben, room) = try await annAndBenOnAServersStore()
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }
        let phone = try await server.client()
        let laptop = try await server.client()
        let bens = try await server.client()
        defer { Task { for client in [phone, laptop, bens] { await client.close() } } }
        // Ann's phone logs in; her laptop goes on with the same session, as a kept login would.
        let session = try await phone.logIn(name: "ann", password: "ann-password")
        #expect(try await laptop.resume(session.token).user.name == "ann")
        _ = try await bens.resume(ben.token)
        let told = Locked([StoreChange]())
        let ended = Locked(false)
        let laptopChanges = try await laptop.changes(for: session)
        let reading = Task {
            for await change in laptopChanges { told.mutate { $0.append(change) } }
            ended.value = true
        }
        defer { reading.cancel() }
        // And a third connection of hers, subscribed, that reads what the server writes.
        let tablet = try TCPConnection(port: server.port)
        try tablet.askForWebSocket()
        _ = try tablet.readHandshakeAnswer(within: 10)
        try tablet.sendText(RawSocket.resume(session.token))
        try tablet.sendText(#"{"id":1,"op":"subscribe"}"#)
        let answered = try tablet.readText(
            until: { $0.components(separatedBy: #""type":"reply""#).count == 3 }, within: 10, expecting: "two replies")
        #expect(!answered.contains("error"), "\(answered)")

        try await phone.logOut(session)
        let rest = try await tablet.waitForClose(within: 10)
        #expect(rest.contains(ServerConnection.loggedOutReason), "closed, and told why: \(rest)")
        let deadline = ContinuousClock.now + .seconds(10)
        while !ended.value && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(ended.value, "the laptop's stream ended")
        await #expect(throws: StoreError.sessionEnded) { try await laptop.rooms(of: session) }
        _ = try await bens.send("after the logout", to: room.id, from: ben)
        #expect(try await bens.rooms(of: ben).count == 1)
        #expect(told.value.isEmpty, "nothing of the session is told after its logout: \(told.value)")
    }

    /// ann and ben in a 1:1 room of a store in memory, as a test server keeps it.
    private func annAndBenOnAServersStore() async throws -> (store: InMemoryChatStore, ann: Session, ben: Session, room: Room) {
        let store = TestServer.memoryStore()
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        let ben = try await store.signUp(name: "ben", password: "ben-password")
        return (store, ann, ben, try await store.directRoom(between: ann, and: ben.user))
    }

    @Test("replies far over 64 KiB (the board's longest posts, a page of the longest messages) reach the client whole")
    func longRepliesReachTheClient() async throws {
        let (store, ann, ben, room) = try await annAndBenOnAServersStore()
        let longest = String(repeating: "한", count: Message.maximumLength)
        for number in 1...10 {
            _ = try await store.createProject(
                ProjectDraft(title: "study \(number)", works: ["ios"], capacity: 4, body: longest), by: ann)
            _ = try await store.send(longest, to: room.id, from: ben, key: nil)
        }
        await #expect(throws: StoreError.invalidDraft("a body has at most \(Message.maximumLength) characters")) {
            try await store.createProject(ProjectDraft(title: "too long", works: ["ios"], capacity: 4, body: longest + "!"), by: ann)
        }
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }
        let client = try await server.client()
        defer { Task { await client.close() } }
        let posts = try await client.projects(.all)
        #expect(posts.count == 10 && posts.allSatisfy { $0.body == longest })
        let page = try await client.messages(in: room.id, for: ann, before: nil, limit: 10)
        #expect(page.messages.count == 10 && page.messages.allSatisfy { $0.text == longest })
    }

    @Test("a reply of messages, posts or found messages is filled to ServerLimits.pageReplyBytes and never past it, however long and escaped the texts; the client asks on, and every page it gives is whole and in order")
    func messageRepliesFitTheirBytes() async throws {
        let (store, ann, ben, room) = try await annAndBenOnAServersStore()
        // Texts as long as may be: of three-byte characters, and of quotes JSON doubles.
        let texts = (1...12).map { String(repeating: $0.isMultiple(of: 2) ? "한" : "\"", count: Message.maximumLength - 2) + "\($0)" }
        for text in texts { _ = try await store.send(text, to: room.id, from: ben, key: nil) }
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }

        let raw = try await RawSocket.exchange(server.url, signedInAs: ann.token, [
            #"{"id":1,"op":"messages_before","room_id":\#(room.id),"limit":12}"#,
            #"{"id":2,"op":"messages_after","room_id":\#(room.id),"after":0,"limit":12}"#,
        ])
        #expect(raw.replies.count == 2 && raw.replies.allSatisfy { $0.utf8.count <= ServerLimits.pageReplyBytes },
            "reply sizes: \(raw.replies.map(\.utf8.count))")
        let frames = raw.replies.compactMap { try? WireCodec().decode(WireFrame.self, from: $0) }
        let before = try #require(frames.first?.page)
        #expect(!before.messages.isEmpty && before.messages.count < 12 && before.hasOlder)
        #expect(before.messages.last?.text == texts.last, "the newest of the page come first")
        let after = try #require(frames.last?.messages)
        #expect(!after.isEmpty && after.count < 12 && frames.last?.hasNewer == true && after.first?.text == texts.first)

        let client = try await server.client()
        defer { Task { await client.close() } }
        let page = try await client.messages(in: room.id, for: ann, before: nil, limit: 12)
        #expect(page.messages.map(\.text) == texts && !page.hasOlder)
        for (number, text) in texts.enumerated() {
            _ = try await store.createProject(ProjectDraft(title: "study \(number)", works: ["ios"], capacity: 4, body: text), by: ann)
        }
        let board = try await RawSocket.exchange(server.url, [#"{"id":3,"op":"projects","query":{"kind":"all"},"limit":12}"#])
        let posts = try #require(board.replies.first.flatMap { try? WireCodec().decode(WireFrame.self, from: $0) })
        #expect(board.replies.allSatisfy { $0.utf8.count <= ServerLimits.pageReplyBytes } && posts.hasMore == true,
            "a board reply of \(board.replies.map(\.utf8.count)) bytes")
        #expect(try await client.projects(.all, page: PostPage(before: nil, limit: 12)).map(\.body) == texts.reversed())
        #expect(try await client.projects(.all, page: PostPage(before: nil, limit: 5)).map(\.body) == texts.suffix(5).reversed())
        let newest = try await client.messages(in: room.id, for: ann, before: nil, limit: 7)
        #expect(newest.messages.map(\.text) == Array(texts.suffix(7)) && newest.hasOlder)
        #expect(try await client.messages(in: room.id, for: ann, after: 0, limit: 12).map(\.text) == texts)
        #expect(try await client.messages(in: room.id, for: ann, after: 0, limit: 5).map(\.text) == Array(texts.prefix(5)))

        // What a search finds is filled to a reply's bytes too, and read on by the client.
        let search = try await RawSocket.exchange(
            server.url, signedInAs: ann.token, [#"{"id":4,"op":"find_messages","words":["한"],"limit":50}"#])
        let found = try #require(search.replies.first.flatMap { try? WireCodec().decode(WireFrame.self, from: $0) })
        #expect(search.replies.allSatisfy { $0.utf8.count <= ServerLimits.pageReplyBytes } && found.hasMore == true,
            "a search reply of \(search.replies.map(\.utf8.count)) bytes")
        let holding = texts.filter { $0.hasPrefix("한") }.reversed().map { $0 }
        #expect(try await client.findMessages(["한"], for: ann, limit: 50).map(\.text) == holding)
        #expect(try await client.findMessages(["한"], for: ann, limit: 4).map(\.text) == Array(holding.prefix(4)))
    }

    @Test("the names a user may complete come a reply's bytes at a time, in order, each once; the client asks on for the rest")
    func userNamesFitTheirBytes() async throws {
        let store = TestServer.memoryStore()
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        // Names as long as may be, of three-byte letters (64 bytes): these pass a reply's bytes.
        let count = ServerLimits.pageReplyBytes / 100
        var names: [String] = []
        var room: Room?
        for number in 0..<count {
            let name = String(repeating: "가", count: 20) + String(format: "%04d", number)
            names.append(name)
            let session = try await store.signUp(name: name, password: "some-password")
            if number.isMultiple(of: Room.memberLimit - 2) {
                // Each group room holds ann and as many more as fit.
                let direct = try await store.directRoom(between: ann, and: User(name: name))
                room = direct
                continue
            }
            let current = try #require(room)
            room = try await store.bringIn(session, to: current.id, by: ann)
        }
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }

        let raw = try await RawSocket.exchange(server.url, signedInAs: ann.token, [#"{"id":1,"op":"user_names"}"#])
        let first = try #require(raw.replies.first.flatMap { try? WireCodec().decode(WireFrame.self, from: $0) })
        #expect(raw.replies.allSatisfy { $0.utf8.count <= ServerLimits.pageReplyBytes }, "reply sizes: \(raw.replies.map(\.utf8.count))")
        #expect(first.hasMore == true && (first.names?.count ?? 0) < count)

        let client = try await server.client()
        defer { Task { await client.close() } }
        _ = try await client.logIn(name: "ann", password: "ann-password")
        #expect(try await client.userNames() == (names + ["ann"]).sorted())
    }

    @Test("the rooms come a reply's bytes at a time, by id; the client asks on and gives them whole in the list's order; a room that gets a message leads it, once")
    func roomsFitTheirBytes() async throws {
        let store = TestServer.memoryStore()
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        // Last messages as long as may be, of quotes JSON doubles: a few rooms fill a reply.
        let text = String(repeating: "\"", count: Message.maximumLength)
        var rooms: [Room] = []
        for number in 0..<20 {
            let other = try await store.signUp(name: "member\(number)", password: "some-password")
            let room = try await store.directRoom(between: ann, and: other.user)
            _ = try await store.send(text, to: room.id, from: other, key: nil)
            rooms.append(room)
        }
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }

        let raw = try await RawSocket.exchange(
            server.url, signedInAs: ann.token, [#"{"id":1,"op":"rooms"}"#, #"{"id":2,"op":"subscribe","since":0}"#])
        let first = try #require(raw.replies.first.flatMap { try? WireCodec().decode(WireFrame.self, from: $0) })
        // A subscription's reply names the rooms and their members, not their last messages.
        let subscribed = try #require(raw.replies.last.flatMap { try? WireCodec().decode(WireFrame.self, from: $0) })
        #expect(subscribed.rooms?.count == rooms.count && subscribed.rooms?.allSatisfy { $0.lastMessage == nil } == true)
        #expect(raw.replies.allSatisfy { $0.utf8.count <= ServerLimits.pageReplyBytes }, "reply sizes: \(raw.replies.map(\.utf8.count))")
        #expect(first.hasMore == true && (first.rooms?.count ?? 0) < rooms.count)
        #expect(first.rooms?.map(\.room.id) == Array(rooms.map(\.id).prefix(first.rooms?.count ?? 0)), "the oldest rooms first")

        let client = try await server.client()
        defer { Task { await client.close() } }
        let session = try await client.logIn(name: "ann", password: "ann-password")
        // As the store lists them (the times aside, which the wire gives to the millisecond).
        let line = { (summary: RoomSummary) in
            "\(summary.room) \(summary.unreadCount) \(summary.lastMessage?.id ?? 0) \(summary.lastMessage?.text.count ?? 0)"
        }
        #expect(try await client.rooms(of: session).map(line) == (try await store.rooms(of: ann)).map(line))
        // The oldest room gets a message: it leads the list, and is still there once.
        _ = try await store.send("back to the first", to: rooms[0].id, from: ann, key: nil)
        let listed = try await client.rooms(of: session)
        #expect(listed.map(\.room.id) == [rooms[0].id] + rooms.dropFirst().reversed().map(\.id))
    }

    @Test("a client whose logins fail again and again, past what a connection may make, is told each failure and then logs in")
    func failedLoginsGoOn() async throws {
        let store = TestServer.memoryStore()
        _ = try await store.signUp(name: "ann", password: "ann-password")
        let log = ServerLog()
        let server = try await TestServer.start(store, log: log)
        defer { Task { await server.stop() } }
        let client = try await server.client()
        defer { Task { await client.close() } }
        for number in 0..<ServerLimits.failedSignInsPerConnection {
            await #expect(throws: StoreError.wrongCredentials) {
                _ = try await client.logIn(name: "nobody\(number)", password: "some-password")
            }
        }
        // The connection they were made on is gone by now (closed by the client, or else by the server).
        #expect(await log.waitFor(1, of: ["connection closed"], within: .seconds(10)).count == 1)
        #expect(try await client.logIn(name: "ann", password: "ann-password").user.name == "ann")
        for number in 0..<(2 * ServerLimits.failedSignInsPerConnection) {
            await #expect(throws: StoreError.wrongCredentials) {
                _ = try await client.logIn(name: "nobody\(number)", password: "some-password")
            }
        }
    }

    @Test("the server's memory of keyed replies is bounded: at most its count and its bytes, the oldest going first")
    func replyCacheBounded() async throws {
        let cache = ReplyCache(capacity: 50, byteCapacity: 20_000)
        var frame = WireFrame.reply(to: 1)
        frame.reason = String(repeating: "x", count: 1_000)
        for number in 1...100 { await cache.keep(frame, for: "request \(number)") }
        let (kept, bytes) = (await cache.count, await cache.size)
        #expect(bytes <= 20_000 && kept < 50, "kept \(kept), \(bytes) bytes")
        let (newest, oldest) = (await cache.reply(for: "request 100"), await cache.reply(for: "request 1"))
        #expect(newest != nil && oldest == nil)
        var small = WireFrame.reply(to: 1)
        small.messageID = 1
        for number in 1...200 { await cache.keep(small, for: "small \(number)") }
        #expect(await cache.count == 50)
        #expect(ReplyCache.defaultCapacity == 10_000 && ReplyCache.defaultByteCapacity == 16 * 1024 * 1024)
    }

    @Test("reconnection waits double from 100 ms to 5 s, each drawn between half and all of it, so clients spread out")
    func reconnectBackoffSpreads() {
        var random = SeededGenerator(seed: 7)
        var clients = (0..<50).map { _ in ReconnectBackoff() }
        var firstWaits: [Duration] = []
        for index in clients.indices { firstWaits.append(clients[index].next(using: &random)) }
        #expect(firstWaits.allSatisfy { $0 >= .milliseconds(50) && $0 <= .milliseconds(100) })
        #expect(Set(firstWaits).count > 10, "50 clients dropped at once come back at \(Set(firstWaits).count) moments")
        var one = ReconnectBackoff()
        let fulls = [100, 200, 400, 800, 1600, 3200, 5000, 5000]
        for full in fulls {
            let wait = one.next(using: &random)
            #expect(wait >= .milliseconds(full / 2) && wait <= .milliseconds(full), "\(wait) for a wait of \(full) ms")
        }
        one.reset()
        #expect(one.next(using: &random) <= .milliseconds(100))
    }

    @Test("a client is caught up whole after a reconnection, however much came meanwhile (12 MB here)")
    func readerCaughtUpWhole() async throws {
        let (store, ann, ben, room) = try await annAndBenOnAServersStore()
        let server = try await TestServer.start(store)
        let client = try await server.client()
        defer { Task { await client.close() } }
        let changes = await ChangeRecorder.reading(try await client.changes(for: ann))
        await server.stop()
        // 3,000 of 4,000 characters, 12 MB, come while the client is away: its catch-up.
        let text = String(repeating: "x", count: Message.maximumLength)
        for _ in 0..<3_000 { _ = try await store.send(text, to: room.id, from: ben, key: nil) }
        let again = try await TestServer.restart(store, port: server.port)
        defer { Task { await again.stop() } }
        let caughtUp = await changes.next(3_000, within: 60).filter { if case .message = $0 { true } else { false } }
        #expect(caughtUp.count == 3_000)
    }

    @Test("a catch-up across many rooms, read a page of each at a time, comes in id order, each message once")
    func catchUpAcrossRooms() async throws {
        let (store, ann, ben, direct) = try await annAndBenOnAServersStore()
        var rooms = [direct]
        for name in ["cat", "dan", "eve", "fay"] {
            let other = try await store.signUp(name: name, password: "\(name)-password")
            let pair = try await store.directRoom(between: ben, and: other.user)
            rooms.append(try await store.bringIn(ann, to: pair.id, by: ben))
        }
        let server = try await TestServer.start(store)
        let client = try await server.client()
        defer { Task { await client.close() } }
        let changes = await ChangeRecorder.reading(try await client.changes(for: ann))
        await server.stop()
        // More than a room's page (1,000 held, 200 a room for five), spread over the rooms
        // unevenly while ann is away.
        var sent: [Int] = []
        for number in 0..<1_500 {
            let room = rooms[number % 7 < 3 ? 0 : number % 5]
            sent.append(try await store.send("missed \(number)", to: room.id, from: ben, key: nil).id)
        }
        let again = try await TestServer.restart(store, port: server.port)
        defer { Task { await again.stop() } }
        let caughtUp = await changes.next(1_500, within: 60).compactMap { change -> Int? in
            if case .message(let message) = change { message.id } else { nil }
        }
        #expect(caughtUp == sent, "\(caughtUp.count) came of \(sent.count); first out of order: \(zip(caughtUp, sent).first { $0 != $1 }.map { "\($0)" } ?? "none")")
    }

    @Test("names are found and listed to someone signed in, not to anyone who connects, and listed only if they share a room")
    func namesListedToTheSignedInOnly() async throws {
        let store = TestServer.memoryStore()
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        let ben = try await store.signUp(name: "ben", password: "ben-password")
        _ = try await store.signUp(name: "cat", password: "cat-password")
        _ = try await store.directRoom(between: ann, and: ben.user)
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }
        let stranger = try await RawSocket.exchange(server.url, [#"{"id":1,"op":"user_names"}"#, #"{"id":3,"op":"user","name":"cat"}"#])
        let signedIn = try await RawSocket.exchange(
            server.url, signedInAs: ann.token, [#"{"id":2,"op":"user_names"}"#, #"{"id":4,"op":"user","name":"cat"}"#])
        let exchange = RawSocket.Outcome(replies: zip(stranger.replies, signedIn.replies).flatMap { [$0, $1] })
        let frames = exchange.replies.compactMap { try? WireCodec().decode(WireFrame.self, from: $0) }
        #expect(frames.map { $0.error?.code } == ["session_ended", nil, "session_ended", nil], "replies: \(exchange.replies)")
        #expect(frames.first?.names == nil && frames.dropFirst(2).first?.user == nil, "replies: \(exchange.replies)")
        // Cat shares no room with ann: found by her exact name, not listed.
        #expect(frames.dropFirst().first?.names == ["ann", "ben"], "replies: \(exchange.replies)")
        #expect(frames.last?.user?.name == "cat", "replies: \(exchange.replies)")
        let client = try await server.client()
        defer { Task { await client.close() } }
        _ = try await client.logIn(name: "ben", password: "ben-password")
        #expect(try await client.userNames() == ["ann", "ben"])
        #expect(try await client.user(named: "cat").name == "cat")
    }

    @Test("a catch-up goes room by room: a room's messages after where the client stood in it come, though another room's newer id was seen; each room's newest is named for the next time")
    func catchUpPerRoom() async throws {
        let store = TestServer.memoryStore()
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        let ben = try await store.signUp(name: "ben", password: "ben-password")
        let cat = try await store.signUp(name: "cat", password: "cat-password")
        let first = try await store.directRoom(between: ann, and: ben.user)
        let second = try await store.directRoom(between: ann, and: cat.user)
        var ids: [Int] = []
        for (room, sender) in [(first, ben), (first, ben), (second, cat), (second, cat), (first, ben)] {
            ids.append(try await store.send("in \(room.id)", to: room.id, from: sender).id)
        }
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }

        // The client has the second room up to its newest, and the first only up to its first
        // message: on PostgreSQL the first room's next two could commit after the second's.
        let ask = #"{"id":1,"op":"subscribe","since":\#(ids[3]),"since_rooms":[{"room_id":\#(first.id),"message_id":\#(ids[0])},{"room_id":\#(second.id),"message_id":\#(ids[3])}]}"#
        let outcome = try await RawSocket.read(server.url, signedInAs: ann.token, [ask]) { replies in
            replies.filter { $0.contains(#""type":"change""#) }.count == 2
        }
        let frames = outcome.replies.compactMap { try? WireCodec().decode(WireFrame.self, from: $0) }
        let caughtUp = frames.compactMap { frame -> Int? in
            if case .message(let message) = frame.change?.change { message.id } else { nil }
        }
        #expect(caughtUp == [ids[1], ids[4]], "the first room's messages after #\(ids[0]), none of the second's")
        let reply = try #require(frames.first { $0.type == .reply })
        #expect(reply.roomCursors == [WireRoomCursor(roomID: first.id, messageID: ids[4]), WireRoomCursor(roomID: second.id, messageID: ids[3])])
    }
}

/// Lets password hashes through only once opened, counting those that came.
private final class HashGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var isOpen = false
    private var count = 0

    var entered: Int { condition.withLock { count } }

    func pass() {
        condition.withLock {
            count += 1
            while !isOpen { condition.wait() }
        }
    }

    func open() {
        condition.withLock {
            isOpen = true
            condition.broadcast()
        }
    }
}

/// Argon2id at the tests' cost, each hash held at a gate until it opens.
private struct GatedHasher: PasswordHasher {
    let gate: HashGate
    private let hasher = Argon2idPasswordHasher(cost: .testing)

    init(gate: HashGate) {
        self.gate = gate
    }

    func hash(_ password: String) throws -> String {
        gate.pass()
        return try hasher.hash(password)
    }

    func verify(_ password: String, against encoded: String) -> Bool { hasher.verify(password, against: encoded) }
    var unmatchableHash: String { hasher.unmatchableHash }
}
