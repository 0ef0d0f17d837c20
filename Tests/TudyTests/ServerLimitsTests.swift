import Foundation
import NIOWebSocket
import Testing
@testable import TudyServer
import TudyRemote

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// What one client may make a server hold (`ServerLimits`), each limit hit by a client that
/// passes it, while others go on.
@Suite("Server limits", .serialized, .closingStores)
struct ServerLimitsTests {
    @Test("the README's table of what a server holds gives each bound its constant's figure")
    func readmeStatesEachBound() throws {
        let readme = try String(contentsOf: ReadmeTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### What a server holds").dropFirst().first)
        var table: [String: String] = [:]
        for row in section.split(separator: "\n").prefix(while: { !$0.hasPrefix("## ") }) where row.hasPrefix("| ") {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count >= 2 { table[cells[0]] = cells[1] }
        }
        func kib(_ bytes: Int) -> String { bytes >= 1024 * 1024 ? "\(bytes / 1024 / 1024) MiB" : "\(bytes / 1024) KiB" }
        func number(_ value: Int) -> String { value.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) }
        let expected: [String: String] = [
            "a request; a reply": "\(kib(WireCodec.maximumFrameSize)); \(kib(WireCodec.maximumReplySize))",
            "requests of one connection": "\(ServerLimits.requestsPerSecond) a second, \(ServerLimits.requestBurst) at once",
            "requests of the whole server": "\(number(ServerLimits.serverRequestsPerSecond)) a second, \(number(ServerLimits.serverRequestBurst)) at once",
            "connections from one address; of them, not a WebSocket yet":
                "\(ServerLimits.connectionsPerAddress) (`--connections-per-address N`); \(ServerLimits.handshakesPerAddress)",
            "connections in all, a WebSocket or not yet":
                "\(number(ServerLimits.connections)) (`--max-connections N`), fewer where the process may not open as many files: \(ServerLimits.descriptorsKeptFree) are kept",
            "subscriptions of one connection; of one user, over all their connections":
                "\(ServerLimits.subscriptionsPerConnection); \(ServerLimits.subscriptionsPerUser)",
            "connections signed in as one user": "\(ServerLimits.connectionsPerUser)",
            "a frame waiting for its client": "\(ServerLimits.writePatience.components.seconds) s",
            "changes waiting for a client that does not read": kib(ServerLimits.queuedBytesPerConnection),
            "failed sign-ins and wrong tokens on one connection": "\(ServerLimits.failedSignInsPerConnection)",
            "searches (`find_messages`, `projects`) in the store at once; of the whole server":
                "\(ServerLimits.searchesAtOnce); \(ServerLimits.searchesPerSecond) a second, \(ServerLimits.searchBurst) at once",
            "failed sign-ins from one network (an IPv4 /24, an IPv6 /48)":
                "\(ServerLimits.failedSignInsPerNetwork), then one more each \(ServerLimits.failedSignInPeriod.components.seconds) s; \(number(SignInTurns.networksRemembered)) networks remembered",
            "passwords waiting to be checked; logins waiting for one name":
                "\(PasswordWork.waitingLimit) (half the processors check at once, at least 1); \(LoginLine.waitingLimit)",
            "replies kept for keyed requests": "\(number(ReplyCache.defaultCapacity)) and \(kib(ReplyCache.defaultByteCapacity))",
            "a catch-up held in memory": "\(number(CatchUp.messagesHeld)) messages",
            "live changes held while a catch-up is sent (a message's edits held as its newest)": kib(ServerLimits.heldBytesPerSubscription),
            "invitations waiting for one person's answer; sent by one person, unanswered":
                "\(Invitation.waitingPerInvitee); \(Invitation.waitingPerInviter)",
            "posts in a board reply; messages in a page":
                "\(ServerLimits.postsPerReply) (\(PostPage.size) unless asked); \(number(ServerLimits.messagesPerPage))",
            "people one ignores; kinds of reaction on a message; a room's pinned notice; a room's timer; sessions to come in a room":
                "\(number(Quiet.ignoreLimit)); \(Reaction.kindsLimit); one of \(RoomNotice.textLimit) characters; "
                + "one of \(StudyTimer.Plan.mostRounds) rounds of \(StudyTimer.Plan.longestFocus) and \(StudyTimer.Plan.longestBreak) minutes; "
                + "\(StudySession.perRoomLimit) of \(StudySession.longestMinutes / 60) hours at most",
            "a reply of messages, posts, names or rooms (a subscription's rooms too)": kib(ServerLimits.pageReplyBytes),
            "a message, a post's body": "\(number(Message.maximumLength)) characters",
            "people in a group room; rooms one person is in": "\(Room.memberLimit); \(Room.roomsPerPersonLimit)",
            "those who left a room, named in it": "\(Room.departedLimit)",
        ]
        for (what, atMost) in expected.sorted(by: { $0.key < $1.key }) {
            #expect(table[what] == atMost, "the row '\(what)'")
        }
    }

    /// A server on which ann's second device has subscribed and then never reads a byte,
    /// while her other client reads, and ben writes to her.
    private struct Sleeper {
        let store: InMemoryChatStore
        let ann: Session
        let ben: Session
        let room: Room
        let log: ServerLog
        let server: TestServer
        let sleeper: TCPConnection
        let reader: RemoteChatStore

        init(writePatience: Duration) async throws {
            store = TestServer.memoryStore()
            ann = try await store.signUp(name: "ann", password: "ann-password")
            ben = try await store.signUp(name: "ben", password: "ben-password")
            room = try await store.directRoom(between: ann, and: ben.user)
            log = ServerLog()
            server = try await TestServer.start(store, writePatience: writePatience, log: log)
            sleeper = try TCPConnection(port: server.port, receiveBuffer: 4096)
            try sleeper.askForWebSocket()
            try sleeper.sendText(RawSocket.resume(ann.token))
            try sleeper.sendText(#"{"id":1,"op":"subscribe"}"#)
            reader = try await server.client()
            _ = try await reader.logIn(name: "ann", password: "ann-password")
        }

        /// Ben writes the longest messages, 50 at a time, until the server logs `logged` or
        /// `most` are sent; how many he sent.
        func benWrites(until logged: String, most: Int) async throws -> Int {
            let text = String(repeating: "x", count: Message.maximumLength)
            var sent = 0
            let deadline = ContinuousClock.now + .seconds(60)
            while !log.contains(logged) && sent < most && ContinuousClock.now < deadline {
                for _ in 0..<50 { _ = try await store.send(text, to: room.id, from: ben, key: nil) }
                sent += 50
                try await Task.sleep(for: .milliseconds(20))
            }
            return sent
        }

        /// Ann's client that reads is still told what ben sends.
        func readerGoesOn() async throws {
            let changes = await ChangeRecorder.reading(try await reader.changes(for: ann))
            let after = try await store.send("after the sleeper left", to: room.id, from: ben, key: nil)
            #expect(await changes.next(1, within: 20).map(\.messageText) == [after.text])
        }

        /// Stops the server and the reader, in a task of their own: for a test's `defer`.
        func stop() {
            let (reader, server) = (reader, server)
            Task {
                await reader.close()
                await server.stop()
            }
        }
    }

    @Test("a subscriber that stops reading is hung up on once a frame has waited the patience; others go on")
    func subscriberThatNeverReads() async throws {
        let sleeping = try await Sleeper(writePatience: .seconds(1))
        defer { sleeping.stop() }
        // Until what the sleeper is owed fills its socket, and a frame waits on it.
        _ = try await sleeping.benWrites(until: "hung up", most: 20_000)
        let closed = await sleeping.log.waitFor(1, of: ["connection closed"], within: .seconds(10))
        #expect(closed.first?.details.contains("hung up: it took no frame for 1 s") == true, "\(closed)")
        try await sleeping.readerGoesOn()
    }

    @Test("a subscriber that leaves more than ServerLimits.queuedBytesPerConnection waiting for it is sent away and told why, long before its patience is over; others go on")
    func subscriberWhoseQueuePassesTheCap() async throws {
        // Its patience, long beside the time the queue takes to fill, is what it is given to
        // close after it was told.
        let sleeping = try await Sleeper(writePatience: .seconds(4))
        defer { sleeping.stop() }
        // Until what waits for the sleeper passes the cap (its socket full first).
        let most = 4 * ServerLimits.queuedBytesPerConnection / Message.maximumLength + 2_000
        let sent = try await sleeping.benWrites(until: "queue passed the cap", most: most)
        #expect(sleeping.log.contains("queue passed the cap"), "sent \(sent) messages; the sleeper was never sent away")

        // Once it reads, it finds why it was sent away after what it was given.
        let received = try await sleeping.sleeper.waitForClose(within: 20)
        #expect(received.contains("you did not take what you were sent: over \(ServerLimits.queuedBytesPerConnection / 1024) KiB waited for you"))
        let closed = await sleeping.log.waitFor(1, of: ["connection closed"], within: .seconds(20))
        #expect(closed.first?.details.contains("sent away: over") == true, "\(closed)")
        try await sleeping.readerGoesOn()
    }

    @Test("a catch-up many times the queue's cap is given whole, as fast as the client reads: only live changes count against it")
    func catchUpPassesTheQueueCap() async throws {
        let store = TestServer.memoryStore()
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        let ben = try await store.signUp(name: "ben", password: "ben-password")
        let room = try await store.directRoom(between: ann, and: ben.user)
        let text = String(repeating: "y", count: Message.maximumLength)
        let count = 100
        for _ in 0..<count { _ = try await store.send(text, to: room.id, from: ben, key: nil) }
        let cap = 16 * 1024
        let server = try await TestServer.start(store, queuedBytes: cap)
        defer { Task { await server.stop() } }
        let changes: @Sendable ([String]) -> Int = { replies in replies.filter { $0.contains(#""type":"change""#) }.count }
        let outcome = try await RawSocket.read(server.url, signedInAs: ann.token, [#"{"id":1,"op":"subscribe","since":0}"#]) {
            changes($0) == count
        }
        #expect(count * text.utf8.count > 20 * cap)
        #expect(changes(outcome.replies) == count, "closed with \(String(describing: outcome.closeCode)) after \(changes(outcome.replies)) changes")
    }

    @Test("a connection makes at most ServerLimits.failedSignInsPerConnection failed sign-ins, of every kind; the last closes it, and a new connection signs in")
    func failedSignInsPerConnection() async throws {
        let store = TestServer.memoryStore()
        _ = try await store.signUp(name: "ann", password: "ann-password")
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }
        let kinds = [
            #"{"id":1,"op":"log_in","name":"ann","password":"wrong-password"}"#,
            #"{"id":2,"op":"log_in","name":"nobody","password":"some-password"}"#,
            #"{"id":3,"op":"sign_up","name":"ann","password":"some-password"}"#,
            #"{"id":4,"op":"resume","token":"not-a-token"}"#,
            #"{"id":5,"op":"rooms"}"#,
        ]
        let tries = (0..<ServerLimits.failedSignInsPerConnection + 1).map { kinds[$0 % kinds.count] }
        let exchange = try await RawSocket.exchange(server.url, tries)
        #expect(exchange.replies.count == ServerLimits.failedSignInsPerConnection, "replies: \(exchange.replies)")
        #expect(exchange.replies.allSatisfy { $0.contains(#""error""#) })
        #expect(exchange.closeCode == .policyViolation)

        let client = try await server.client()
        defer { Task { await client.close() } }
        _ = try await client.logIn(name: "ann", password: "ann-password")
    }

    @Test("a connection holds at most ServerLimits.subscriptionsPerConnection subscriptions; one more is refused, the connection goes on")
    func subscriptionsPerConnection() async throws {
        let store = TestServer.memoryStore()
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }
        let limit = ServerLimits.subscriptionsPerConnection
        let subscribe = #"{"id":1,"op":"subscribe"}"#
        let exchange = try await RawSocket.exchange(
            server.url, signedInAs: ann.token, Array(repeating: subscribe, count: limit + 1) + [#"{"id":2,"op":"rooms"}"#])
        let codes = exchange.replies.map { try? WireCodec().decode(WireFrame.self, from: $0).error?.code }
        #expect(codes == Array(repeating: nil, count: limit) + ["too_many_subscriptions", nil], "replies: \(exchange.replies)")
    }

    @Test("the board answers a page however many posts there are: at most ServerLimits.postsPerReply, a page when no limit is asked; a bigger limit is refused")
    func boardIsPaged() async throws {
        let store = TestServer.memoryStore()
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        // Short enough that a whole page fits in a reply (the longest are in RemoteStoreTests).
        let body = "한 장씩 읽어요"
        // Each writes at most Project.postsPerWindow an hour.
        var writers = [ann]
        for number in 1...((ServerLimits.postsPerReply + 20) / Project.postsPerWindow) {
            writers.append(try await store.signUp(name: "writer\(number)", password: "writer-password"))
        }
        for number in 1...(ServerLimits.postsPerReply + 20) {
            _ = try await store.createProject(
                ProjectDraft(title: "post \(number)", works: ["ios"], capacity: 2, body: body), by: writers[number % writers.count])
        }
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }
        let ask = #"{"id":1,"op":"projects","query":{"kind":"all"}"#
        let exchange = try await RawSocket.exchange(
            server.url, [ask + "}", ask + #","limit":\#(ServerLimits.postsPerReply)}"#, ask + #","limit":\#(ServerLimits.postsPerReply + 1)}"#])
        let frames = try exchange.replies.map { try WireCodec().decode(WireFrame.self, from: $0) }
        #expect(frames.map { $0.projects?.count } == [PostPage.size, ServerLimits.postsPerReply, nil])
        #expect(frames.last?.error?.code == "bad_request", "replies: \(frames.map(\.error))")
        #expect(frames.first?.projects?.first?.title == "post \(ServerLimits.postsPerReply + 20)", "newest first")
    }

    @Test("a frame that is not masked closes its connection with a protocol error, after masked frames of every length, whole or a byte at a time, were all answered; others go on")
    func unmaskedFrame() async throws {
        let log = ServerLog()
        let server = try await TestServer.start(TestServer.memoryStore(), log: log)
        defer { Task { await server.stop() } }
        let hostile = try TCPConnection(port: server.port)
        try hostile.askForWebSocket()
        #expect(try hostile.readHandshakeAnswer(within: 10).hasPrefix("HTTP/1.1 101"))
        let hello = #"{"id":1,"op":"hello","version":\#(WireCodec.version)}"#
        // Payload lengths at each edge of the header's three length forms.
        let lengths = [hello.utf8.count, 125, 126, 127, 65_535, WireCodec.maximumFrameSize]
        for length in lengths {
            try hostile.send(TCPConnection.textFrame(hello + String(repeating: " ", count: length - hello.utf8.count)))
        }
        for byte in TCPConnection.textFrame(hello + String(repeating: " ", count: 300)) { try hostile.send([byte]) }
        let replies = { (text: String) in text.components(separatedBy: #""type":"reply""#).count - 1 }
        _ = try hostile.readText(until: { replies($0) == lengths.count + 1 }, within: 10, expecting: "a reply to every masked frame")
        try hostile.send(TCPConnection.textFrame(hello, masked: false))
        let received = try await hostile.waitForClose(within: 10)
        #expect(replies(received) == 0, "no reply to the unmasked frame: \(received)")
        #expect(received.contains("frames from a client must be masked"))
        #expect(await log.waitFor(1, of: ["an unmasked frame"], within: .seconds(10)).count == 1)

        let client = try await server.client()
        defer { Task { await client.close() } }
        _ = try await client.signUp(name: "ann", password: "ann-password")
    }

    @Test("a user holds at most ServerLimits.subscriptionsPerUser subscriptions over all their connections; one more is refused, and once a connection with some ends another may be made")
    func subscriptionsPerUser() async throws {
        let store = TestServer.memoryStore()
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        let ben = try await store.signUp(name: "ben", password: "ben-password")
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }
        func subscriber(_ session: Session, subscriptions: Int) throws -> (TCPConnection, String) {
            let connection = try TCPConnection(port: server.port)
            try connection.askForWebSocket()
            _ = try connection.readHandshakeAnswer(within: 10)
            try connection.sendText(RawSocket.resume(session.token))
            for id in 1...subscriptions { try connection.sendText(#"{"id":\#(id),"op":"subscribe"}"#) }
            let replies = try connection.readText(
                until: { $0.components(separatedBy: #""type":"reply""#).count - 1 == subscriptions + 1 }, within: 10,
                expecting: "\(subscriptions) replies")
            return (connection, replies)
        }
        let perConnection = ServerLimits.subscriptionsPerConnection
        var held: [TCPConnection] = []
        for _ in 0..<(ServerLimits.subscriptionsPerUser / perConnection) {
            let (connection, replies) = try subscriber(ann, subscriptions: perConnection)
            #expect(!replies.contains("error"), "\(replies)")
            held.append(connection)
        }
        let (_, refused) = try subscriber(ann, subscriptions: 1)
        #expect(refused.contains("too_many_subscriptions"), "\(refused)")
        let (_, other) = try subscriber(ben, subscriptions: 1)
        #expect(!other.contains("error"), "another user goes on: \(other)")

        // One of ann's connections ends: its subscriptions are given back, a moment later.
        held.removeFirst()
        let deadline = ContinuousClock.now + .seconds(10)
        var again = try subscriber(ann, subscriptions: 1).1
        while again.contains("too_many_subscriptions") && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            again = try subscriber(ann, subscriptions: 1).1
        }
        #expect(!again.contains("error"), "\(again)")
    }

    @Test("a user is signed in on at most ServerLimits.connectionsPerUser connections at once; one more is refused, by resume or by login, another user goes on, and once one closes another may sign in")
    func connectionsPerUser() async throws {
        let store = TestServer.memoryStore()
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        let ben = try await store.signUp(name: "ben", password: "ben-password")
        let server = try await TestServer.start(store, connectionsPerAddress: 100)
        defer { Task { await server.stop() } }
        func signingIn(_ frame: String) throws -> (TCPConnection, String) {
            let connection = try TCPConnection(port: server.port)
            try connection.askForWebSocket()
            _ = try connection.readHandshakeAnswer(within: 10)
            try connection.sendText(frame)
            let reply = try connection.readText(until: { $0.contains(#""type":"reply""#) }, within: 10, expecting: "a reply")
            return (connection, reply)
        }
        var held: [TCPConnection] = []
        for _ in 0..<ServerLimits.connectionsPerUser {
            let (connection, reply) = try signingIn(RawSocket.resume(ann.token))
            #expect(!reply.contains("error"), "\(reply)")
            held.append(connection)
        }
        #expect(try signingIn(RawSocket.resume(ann.token)).1.contains("too_many_connections"))
        #expect(try signingIn(#"{"id":1,"op":"log_in","name":"ann","password":"ann-password"}"#).1.contains("too_many_connections"))
        let (_, other) = try signingIn(RawSocket.resume(ben.token))
        #expect(!other.contains("error"), "another user goes on: \(other)")

        // One of ann's connections closes: it no longer counts, a moment later.
        held.removeFirst()
        let deadline = ContinuousClock.now + .seconds(10)
        var again = try signingIn(RawSocket.resume(ann.token))
        while again.1.contains("too_many_connections") && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            again = try signingIn(RawSocket.resume(ann.token))
        }
        #expect(!again.1.contains("error"), "\(again.1)")
    }

    @Test("one address holds at most its limit of connections; one more is closed, and once one ends another may open")
    func connectionsPerAddress() async throws {
        let server = try await TestServer.start(TestServer.memoryStore(), connectionsPerAddress: 2)
        defer { Task { await server.stop() } }
        let first = try await server.client()
        let second = try await server.client()
        defer { Task { await second.close() } }
        let refused = try await RawSocket.exchange(server.url, [#"{"id":1,"op":"projects"}"#])
        #expect(refused.closeCode == .policyViolation)
        #expect(refused.replies.isEmpty)

        await first.close()
        // The server counts the closed one as gone a moment after the client does.
        let deadline = ContinuousClock.now + .seconds(10)
        var answered = try await RawSocket.exchange(server.url, [#"{"id":1,"op":"projects"}"#])
        while answered.replies.isEmpty && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            answered = try await RawSocket.exchange(server.url, [#"{"id":1,"op":"projects"}"#])
        }
        #expect(answered.replies.count == 1, "no answer once a connection had closed: \(answered)")
    }

    /// A connection that became a WebSocket, and so holds a place of the server's.
    private func webSocket(to server: TestServer) throws -> TCPConnection {
        let connection = try TCPConnection(port: server.port)
        try connection.askForWebSocket()
        #expect(try connection.readHandshakeAnswer(within: 10).contains("101"))
        return connection
    }

    /// Opens connections until one is served as `isServed` says, or fails at the deadline:
    /// the server counts a closed connection as gone a moment after the client does.
    private func connectionOnceFree(to server: TestServer, isServed: (TCPConnection) throws -> Void) async throws -> TCPConnection {
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            let connection = try TCPConnection(port: server.port)
            do {
                try isServed(connection)
                return connection
            } catch where ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    @Test("the server holds at most ServerLimits.connections in all, a WebSocket or not yet: one more is closed as it opens, the others go on, and once one ends another may open")
    func connectionsInAll() async throws {
        // The handshake's own deadline is far off: a close within seconds is the refusal.
        let server = try await TestServer.start(
            TestServer.memoryStore(), handshakeLimit: .seconds(120), connectionsPerAddress: 100, connections: 3)
        defer { Task { await server.stop() } }
        let client = try await server.client()
        defer { Task { await client.close() } }
        var held = [try webSocket(to: server), try webSocket(to: server)]
        let refused = try TCPConnection(port: server.port)
        try await refused.waitForClose(within: 10)
        #expect(try await client.projects(.all).isEmpty, "the connections held go on")

        held.removeFirst()
        _ = try await connectionOnceFree(to: server) { connection in
            try connection.askForWebSocket()
            _ = try connection.readHandshakeAnswer(within: 1)
        }
        #expect(held.count == 1)
    }

    @Test("one address holds at most ServerLimits.handshakesPerAddress connections that are not a WebSocket yet: one more is closed as it opens; a WebSocket no longer counts among them")
    func handshakesPerAddress() async throws {
        let server = try await TestServer.start(
            TestServer.memoryStore(), handshakeLimit: .seconds(120), connectionsPerAddress: 100, handshakesPerAddress: 2)
        defer { Task { await server.stop() } }
        // Plain HTTP, kept open: taken by the server, and not a WebSocket.
        let first = try TCPConnection(port: server.port)
        #expect(try first.askForPage(within: 10).contains("200"))
        var second: TCPConnection? = try TCPConnection(port: server.port)
        #expect(try second?.askForPage(within: 10).contains("200") == true)
        try await TCPConnection(port: server.port).waitForClose(within: 10)

        // One leaves; the one that takes its place becomes a WebSocket, and leaves room again.
        second = nil
        let upgraded = try await connectionOnceFree(to: server) { connection in
            try connection.askForWebSocket()
            _ = try connection.readHandshakeAnswer(within: 1)
        }
        let third = try TCPConnection(port: server.port)
        #expect(try third.askForPage(within: 10).contains("200"), "a WebSocket is not a handshake")
        try await TCPConnection(port: server.port).waitForClose(within: 10)
        _ = (first, upgraded)
    }

    @Test("the whole server answers at most its rate of requests, from everyone together; one more is refused with server_busy, the connection going on")
    func serverWideRate() async throws {
        let server = try await TestServer.start(TestServer.memoryStore(), serverRequestsPerSecond: 5)
        defer { Task { await server.stop() } }
        // Five a second, ten at once: two clients' ten, then one more.
        let ask = #"{"id":1,"op":"projects","query":{"kind":"all"}}"#
        let first = try await RawSocket.exchange(server.url, Array(repeating: ask, count: 6))
        let second = try await RawSocket.exchange(server.url, Array(repeating: ask, count: 5))
        let codes = (first.replies + second.replies).map { try? WireCodec().decode(WireFrame.self, from: $0).error?.code }
        #expect(codes.prefix(10).allSatisfy { $0 == nil }, "replies: \(first.replies + second.replies)")
        #expect(codes.last == "server_busy", "replies: \(second.replies)")
        #expect(second.closeCode == nil || second.closeCode == .normalClosure)
    }

    @Test("a client sending as fast as it can is paced under its connection's rate: nothing refused, the connection never cut")
    func clientKeepsToTheRate() async throws {
        let store = TestServer.memoryStore()
        let log = ServerLog()
        let server = try await TestServer.start(store, log: log)
        defer { Task { await server.stop() } }
        let client = try await server.client(requestTimeout: .seconds(60))
        defer { Task { await client.close() } }
        let ann = try await client.signUp(name: "ann", password: "ann-password")
        let ben = try await store.signUp(name: "ben", password: "ben-password")
        let room = try await client.directRoom(between: ann, and: ben.user)
        let count = ServerLimits.requestBurst + ServerLimits.requestsPerSecond * 2
        let sent = try await withThrowingTaskGroup(of: Int.self) { group in
            for number in 0..<count {
                group.addTask { try await client.send("line \(number)", to: room.id, from: ann).id }
            }
            return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(sent.count == count)
        #expect(!log.contains("too many requests"), "the server cut the client off for its rate")
        let stored = try await store.messages(in: room.id, for: ben, before: nil, limit: count + 10)
        #expect(stored.messages.count == count)
    }

    @Test("a rate paces requests: a burst at once, then one each 1/rate of a second, in the order asked")
    func requestRateReserves() {
        let clock = Locked(ContinuousClock.now)
        let start = clock.value
        var rate = RequestRate(perSecond: 10, burst: 2, now: { clock.value })
        #expect(rate.reserve() == .zero)
        #expect(rate.reserve() == .zero)
        #expect(rate.reserve() == .milliseconds(100))
        #expect(rate.reserve() == .milliseconds(200))
        clock.value = start + .seconds(1)
        // A second later the two that waited are paid for, and the bucket is full again.
        #expect(rate.reserve() == .zero)
        let (last, beyond) = (rate.admit(), rate.admit())
        #expect(last && !beyond)
    }
}
