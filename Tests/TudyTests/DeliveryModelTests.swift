import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
import TudyPostgres
import TudyRemote
import TudySQLite

/// The delivery and read model, as a person sees it: several people send at once into several
/// rooms while a reader at a terminal opens rooms and types. Whatever the interleaving, the
/// reader is shown every message of the room it has open exactly once, in id order with none
/// missing, and nothing is marked read that it was not shown. Seeded, so a failure repeats.
@MainActor
@Suite("Delivery and read model", .closingStores)
struct DeliveryModelTests {
    /// One store as the test uses it: where the senders write, where the reader's tudy reads,
    /// and, for a server, how to restart it.
    struct World {
        let senders: any ChatStore
        let reader: any ChatStore
        var restart: (@Sendable () async throws -> Void)?
        var close: @Sendable () async -> Void = {}
    }

    /// A kind of store, and how to make a world of it.
    struct Kind: Sendable, CustomTestStringConvertible {
        let name: String
        let make: @Sendable () async throws -> World
        var testDescription: String { name }

        static let memory = Kind(name: "in-memory") {
            let store = TestApp.memoryStore()
            return World(senders: store, reader: store)
        }

        /// Two stores on one file, as two processes have: the reader learns of the senders'
        /// commits only through the file.
        static let sqlite = Kind(name: "SQLite, two stores on one file") {
            let path = try TemporaryDirectory.make().appendingPathComponent("tudy.sqlite").path
            let hasher = Argon2idPasswordHasher(cost: .testing)
            let senders = try SQLiteChatStore(path: path, clock: .stepping(from: TestApp.start), hasher: hasher)
            let reader = try SQLiteChatStore(path: path, clock: .stepping(from: TestApp.start), hasher: hasher)
            return World(senders: senders, reader: reader)
        }

        /// Two stores on one database, as two servers have.
        static let postgres = Kind(name: "PostgreSQL, two stores on one database") {
            let url = try await PostgresTestCluster.newDatabase()
            let senders = try await PostgresTestCluster.store(at: url)
            let reader = try await PostgresTestCluster.store(at: url)
            return World(senders: senders, reader: reader)
        }

        /// The reader through a real server, which is stopped and started again at random
        /// moments; the senders write to the server's store.
        static let remote = Kind(name: "remote, the server restarted") {
            let store = TestServer.memoryStore()
            let server = Locked(try await TestServer.start(store))
            let client = try await server.value.client()
            let port = server.value.port
            return World(
                senders: store, reader: client,
                restart: {
                    await server.value.stop()
                    server.value = try await TestServer.restart(store, port: port)
                },
                close: {
                    await client.close()
                    await server.value.stop()
                })
        }

        static let all = QuickRun.keeping([memory, sqlite, postgres, remote]) { $0.name == postgres.name }
    }

    /// What the reader was shown: each visit to a room (from its `/open` on), the ids of the
    /// room's messages printed in it, in the order printed.
    private struct Visit {
        let roomID: Int
        var ids: [Int] = []
    }

    private static func visits(in transcript: String) -> [Visit] {
        var visits: [Visit] = []
        for line in transcript.split(separator: "\n") {
            if line.hasPrefix("> /open "), let id = Int(line.dropFirst("> /open ".count)) {
                visits.append(Visit(roomID: id))
            } else if line.hasPrefix("#"), let end = line.firstIndex(of: " "), line[end...].hasPrefix(" ["),
                let id = Int(line[line.index(after: line.startIndex)..<end]), !visits.isEmpty
            {
                visits[visits.count - 1].ids.append(id)
            }
        }
        return visits
    }

    @Test("senders at once into several rooms, a reader who opens rooms and types: each message shown once, in order, none missing; none read unseen", arguments: Kind.all)
    func everyMessageOnceInOrder(kind: Kind) async throws {
        for seed in UInt64(1)...3 {
            try await run(kind: kind, seed: seed)
        }
    }

    private func run(kind: Kind, seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let world = try await kind.make()
        let senderCount = Int.random(in: 2...5, using: &random)
        let names = (1...senderCount).map { "sender\($0)" }
        var sessions: [String: Session] = [:]
        for name in names { sessions[name] = try await world.senders.signUp(name: name, password: "password-\(name)") }
        let rita = try await world.senders.signUp(name: "rita", password: "password-rita")
        // A 1:1 room with each sender, and a group of everyone.
        var rooms: [Int: [String]] = [:]
        for name in names {
            let room = try await world.senders.directRoom(between: sessions[name]!, and: rita.user)
            rooms[room.id] = [name]
        }
        var group = try await world.senders.directRoom(between: sessions[names[0]]!, and: User(name: names[1]))
        group = try await world.senders.bringIn(rita, to: group.id, by: sessions[names[0]]!)
        for name in names.dropFirst(2) { group = try await world.senders.bringIn(sessions[name]!, to: group.id, by: sessions[names[0]]!) }
        rooms[group.id] = names
        let roomIDs = rooms.keys.sorted()

        let app = TestApp(store: world.reader)
        let reader = PromptedLineReader(output: app.output)
        let repl = REPL(app: app.app, reader: reader, console: app.context.console, options: .init(isInteractive: true))
        let running = Task { await repl.run() }
        func settle(_ what: String) async throws {
            try await reader.settle(after: what, in: "seed \(seed)") { app.output.transcript }
        }
        reader.type("/login rita", "password-rita", "/chat")
        try await settle("logging in")

        // Each sender sends to its rooms, at its own pace; the reader meanwhile opens rooms and
        // types, and the server (if any) restarts now and then.
        let perSender = 40
        let plans = names.map { name in
            (name, (0..<perSender).map { _ in
                (roomIDs.filter { rooms[$0]!.contains(name) }.randomElement(using: &random)!, Int.random(in: 0...3, using: &random))
            })
        }
        let sending = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (name, plan) in plans {
                    let session = sessions[name]!
                    group.addTask {
                        for (number, (roomID, pause)) in plan.enumerated() {
                            _ = try await world.senders.send("\(name) \(number)", to: roomID, from: session)
                            try await Task.sleep(for: .milliseconds(pause))
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        // A server goes away now and then while messages flow.
        let pauses = (0..<6).map { _ in Int.random(in: 5...40, using: &random) }
        let restarting = Task {
            guard let restart = world.restart else { return }
            for pause in pauses {
                try await Task.sleep(for: .milliseconds(pause))
                try await restart()
            }
        }
        for step in 0..<12 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4:
                reader.type("/back", "/open \(roomIDs.randomElement(using: &random)!)")
            case 4..<8:
                reader.type("rita \(step)")
            default:
                reader.type("/rooms")
            }
            try await settle("step \(step)")
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...15, using: &random)))
        }
        try await sending.value
        try await restarting.value

        // Once the senders are done, the reader opens a room and stays: everything in it comes.
        let last = roomIDs.randomElement(using: &random)!
        // As a person would, again while a reconnecting tudy says to try again in a moment.
        let opening = ContinuousClock.now + .seconds(30)
        repeat {
            reader.type("/back", "/open \(last)")
            try await settle("the last /open")
            if (app.tabBar.chatCoordinator.navigationController.topScreen as? RoomScreen)?.room.id == last { break }
            try await Task.sleep(for: .milliseconds(50))
        } while ContinuousClock.now < opening
        let newest = try await world.senders.messages(in: last, for: rita, before: nil, limit: 1).messages.last?.id ?? 0
        let deadline = ContinuousClock.now + .seconds(30)
        while Self.visits(in: app.output.transcript).last?.ids.last ?? 0 < newest {
            guard ContinuousClock.now < deadline else { break }
            try await Task.sleep(for: .milliseconds(2))
        }
        reader.end()
        _ = await running.value

        let visits = Self.visits(in: app.output.transcript)
        #expect(
            visits.last?.ids.last == newest,
            "seed \(seed): the room left open did not show its newest message #\(newest):\n\(app.output.transcript.suffix(3000))")
        var allIDs: [Int: [Message]] = [:]
        for roomID in roomIDs {
            allIDs[roomID] = try await world.senders.messages(in: roomID, for: rita, after: 0, limit: 10_000)
        }
        var everShown = Set<Int>()
        for visit in visits {
            everShown.formUnion(visit.ids)
            guard let first = visit.ids.first, let lastShown = visit.ids.last else { continue }
            let expected = allIDs[visit.roomID]!.map(\.id).filter { $0 >= first && $0 <= lastShown }
            #expect(visit.ids == expected, "seed \(seed), room #\(visit.roomID): shown \(visit.ids), but the room holds \(expected)")
        }
        for roomID in roomIDs {
            let firstUnread = try await world.senders.firstUnread(in: roomID, for: rita) ?? .max
            let readUnseen = allIDs[roomID]!.filter { $0.id < firstUnread && $0.isUnread(by: rita.user) && !everShown.contains($0.id) }
            #expect(readUnseen.isEmpty, "seed \(seed), room #\(roomID): marked read, never shown: \(readUnseen.map(\.id))")
        }
        await world.close()
    }

    /// ann and ben in a 1:1 room of a store in memory, and a tudy for ann over a store double
    /// of it.
    private func annAndBen() async throws -> (
        base: InMemoryChatStore, store: FaultyStore, ann: Session, ben: Session, room: Room, app: TestApp
    ) {
        let base = TestApp.memoryStore()
        let store = FaultyStore(base)
        let ann = try await base.signUp(name: "ann", password: "password-ann")
        let ben = try await base.signUp(name: "ben", password: "password-ben")
        let room = try await base.directRoom(between: ann, and: ben.user)
        return (base, store, ann, ben, room, TestApp(store: store))
    }

    @Test("a send whose answer was lost is not called undone: the text goes back into the line, and sent again it is stored once")
    func unconfirmedSend() async throws {
        let (base, store, ann, _, room, app) = try await annAndBen()
        try await app.app.start()
        app.context.login.session = ann
        app.context.showsLiveMessages = true
        app.tabBar.readsScript = false
        #expect(await app.send("/chat", "/open \(room.id)") == [])
        store.loseReplies(with: RemoteStoreError.unreachable(url: "ws://example", seconds: 10), calls: ["send"])
        let errors = await app.send("see you at nine")
        #expect(errors == [CommandError.sendUnconfirmed.message])
        #expect(app.tabBar.unsentDraft == "see you at nine", "the text is back in the line")
        store.loseReplies(with: nil, calls: [])
        app.tabBar.unsentDraft = nil
        #expect(await app.send("see you at nine") == [])
        let stored = try await base.messages(in: room.id, for: ann, after: 0, limit: 10)
        #expect(stored.map(\.text) == ["see you at nine"], "kept once, though it was sent twice")
        #expect(await app.send("see you at nine") == [])
        #expect(try await base.messages(in: room.id, for: ann, after: 0, limit: 10).count == 2, "typed again once it was confirmed: a new message")
    }

    @Test("a client that receives 1,000 messages a second across its rooms stays connected, shows each once, and marks read a few times a second", .notQuick)
    func busyRooms() async throws {
        let store = TestServer.memoryStore()
        let server = try await TestServer.start(store)
        let client = try await server.client()
        let rita = try await store.signUp(name: "rita", password: "password-rita")
        var senders: [Session] = []
        var rooms: [Int] = []
        for number in 1...5 {
            let sender = try await store.signUp(name: "sender\(number)", password: "password-sender\(number)")
            senders.append(sender)
            rooms.append(try await store.directRoom(between: sender, and: rita.user).id)
        }
        let counted = FaultyStore(client)
        let app = TestApp(store: counted)
        let reader = PromptedLineReader(output: app.output)
        let repl = REPL(app: app.app, reader: reader, console: app.context.console, options: .init(isInteractive: true))
        let running = Task { await repl.run() }
        reader.type("/login rita", "password-rita", "/chat", "/open \(rooms[0])")
        let ready = ContinuousClock.now + .seconds(30)
        while !reader.isIdle && ContinuousClock.now < ready { try await Task.sleep(for: .milliseconds(2)) }
        let marksBefore = counted.calls.count { $0 == "markRead" }

        // Two seconds of 1,000 a second: each sender 400, one every 5 ms, into its own room.
        let perSender = 400
        let start = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, sender) in senders.enumerated() {
                let room = rooms[index]
                group.addTask {
                    for number in 0..<perSender {
                        _ = try await store.send("busy \(number)", to: room, from: sender)
                        try await Task.sleep(for: .milliseconds(5))
                    }
                }
            }
            try await group.waitForAll()
        }
        let took = ContinuousClock.now - start
        let lastID = try await store.messages(in: rooms[0], for: rita, before: nil, limit: 1).messages.last?.id ?? 0
        // Everything sent has come once the open room shows its last message and each other
        // room's last notice is printed (they come in any order across rooms).
        func allCame() -> Bool {
            let transcript = app.output.transcript
            return Self.visits(in: transcript).last?.ids.last ?? 0 >= lastID
                && (2...senders.count).allSatisfy { transcript.contains("sender\($0): busy \(perSender - 1)\n") }
        }
        let deadline = ContinuousClock.now + .seconds(30)
        while !allCame() && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        reader.end()
        _ = await running.value
        let transcript = app.output.transcript
        #expect(!transcript.contains("lost the connection"), "\(transcript.suffix(2000))")
        let shown = Self.visits(in: transcript).last?.ids ?? []
        let expected = try await store.messages(in: rooms[0], for: rita, after: 0, limit: 1000).map(\.id)
        #expect(shown == expected, "the open room shows each of its messages once, in order")
        for (index, room) in rooms.enumerated().dropFirst() {
            let notices = transcript.split(separator: "\n").filter { $0.contains("#\(room) @sender\(index + 1) sender\(index + 1): busy ") }
            #expect(notices.count == perSender, "room #\(room): \(notices.count) notices of \(perSender)")
        }
        // A mark a batch, at most one every ReadMarkPacer.pause: a handful a second, not one a message.
        let marks = counted.calls.count { $0 == "markRead" } - marksBefore
        let most = Int(took / ReadMarkPacer.pause) + 2
        #expect(marks <= most, "\(marks) marks as read in \(took), at most \(most) expected; \(Dictionary(grouping: counted.calls, by: { $0 }).mapValues(\.count))")
        await client.close()
        await server.stop()
    }

    @Test("/wait at the list of rooms prints every unread message and marks each room read once, up to what it printed")
    @MainActor
    func waitAtTheRoomListMarksEachRoomOnce() async throws {
        let store = InMemoryChatStore(clock: .stepping(from: TestApp.start), hasher: Argon2idPasswordHasher(cost: .testing))
        let rita = try await store.signUp(name: "rita", password: "password-rita")
        var rooms: [(id: Int, sender: Session)] = []
        for name in ["sam", "tom"] {
            let sender = try await store.signUp(name: name, password: "password-\(name)")
            rooms.append((try await store.directRoom(between: sender, and: rita.user).id, sender))
        }
        for number in 1...5 { _ = try await store.send("to rita \(number)", to: rooms[0].id, from: rooms[0].sender) }
        for number in 6...8 { _ = try await store.send("to rita \(number)", to: rooms[1].id, from: rooms[1].sender) }
        let counted = FaultyStore(store)
        let app = TestApp(store: counted)
        try await app.app.start()
        app.context.login.session = rita
        #expect(await app.send("/chat") == [])
        let marksBefore = counted.calls.count { $0 == "markRead" }
        #expect(await app.send("/wait 5") == [])
        for number in 1...8 { #expect(app.output.standardOutput.contains(": to rita \(number)\n")) }
        #expect(counted.calls.count { $0 == "markRead" } - marksBefore == 2, "\(counted.calls)")
        #expect(try await store.rooms(of: rita).map(\.unreadCount) == [0, 0])
    }

    @Test("/wait at the list of rooms reads every room once, then only the rooms the stream named: each message shown once, a room past one look's cap looked in again, every room read again after the stream ended")
    @MainActor
    func waitAtTheRoomListLooksWhereTheStreamSays() async throws {
        let store = InMemoryChatStore(clock: .stepping(from: TestApp.start), hasher: Argon2idPasswordHasher(cost: .testing))
        let rita = try await store.signUp(name: "rita", password: "password-rita")
        let sam = try await store.signUp(name: "sam", password: "password-sam")
        let tom = try await store.signUp(name: "tom", password: "password-tom")
        let direct = try await store.directRoom(between: sam, and: rita.user)
        var rooms = [direct.id]
        for _ in 1..<30 { rooms.append(try await store.bringIn(tom, to: direct.id, by: sam).id) }
        let counted = FaultyStore(store)
        let app = TestApp(store: counted)
        try await app.app.start()
        app.context.login.session = rita
        #expect(await app.send("/chat") == [])
        var sent: [String] = []
        func send(_ count: Int, to room: Int) async throws {
            let arrived = app.context.live.arrivals
            for _ in 0..<count {
                let text = "to rita \(sent.count + 1)"
                _ = try await store.send(text, to: room, from: sam)
                sent.append(text)
            }
            // Once followed, every message is on the stream before the next look, so that each
            // look sees all it is sent.
            guard app.context.live.brings(rita) else { return }
            let deadline = ContinuousClock.now + .seconds(10)
            while app.context.live.arrivals < arrived + count && ContinuousClock.now < deadline { await Task.yield() }
            #expect(app.context.live.arrivals == arrived + count, "the stream brought \(app.context.live.arrivals - arrived) of \(count)")
        }
        func shownOnce() -> Bool {
            sent.allSatisfy { text in app.output.standardOutput.components(separatedBy: ": \(text)\n").count == 2 }
        }
        let listed = counted.calls.count { $0 == "rooms" }
        let roomReads = { counted.calls.count { $0 == "rooms" } - listed }

        try await send(1, to: rooms[3])
        #expect(await app.send("/wait 5") == [])
        #expect(roomReads() == 1, "the first look reads every room")
        // Each later look reads only the rooms that got news, however many rooms there are.
        for room in [rooms[7], rooms[29], rooms[7]] {
            try await send(2, to: room)
            #expect(await app.send("/wait 5") == [])
        }
        try await send(RoomScreen.unreadCap + 5, to: rooms[12])
        #expect(await app.send("/wait 5") == [])
        #expect(await app.send("/wait 5") == [], "the rest of a room past one look's cap, with nothing new")
        #expect(roomReads() == 1, "\(Dictionary(grouping: counted.calls, by: { $0 }).mapValues(\.count))")
        #expect(shownOnce(), "every message once:\n\(app.output.standardOutput)")

        // A stream that ended may have left something out: every room is read again.
        counted.endChangeStreams()
        try await send(1, to: rooms[20])
        #expect(await app.send("/wait 5") == [])
        #expect(roomReads() == 2)
        try await send(1, to: rooms[21])
        #expect(await app.send("/wait 5") == [])
        #expect(shownOnce(), "every message once:\n\(app.output.standardOutput)")
        #expect(try await store.rooms(of: rita).allSatisfy { $0.unreadCount == 0 })
    }

    @Test("/wait at the list of rooms whose reading of every room failed, the store away, reads every room again: older unread is not passed over for what the stream names")
    @MainActor
    func waitAtTheRoomListReadsAgainAfterAnOutage() async throws {
        let (store, rita, sam, tom, older, newer) = try await ritaSamAndTom()
        _ = try await store.send("from before", to: older.id, from: sam)
        let counted = FaultyStore(store)
        let app = try await atTheRoomList(rita, over: counted)
        app.output.clear()
        let listed = counted.calls.count { $0 == "rooms" }
        counted.fail(with: RemoteStoreError.disconnected(url: "ws://example.org:7070"), calls: ["rooms"])
        let waiting = Task { await app.send("/wait 10") }
        let deadline = ContinuousClock.now + .seconds(10)
        while counted.calls.count(where: { $0 == "rooms" }) == listed, ContinuousClock.now < deadline { await Task.yield() }
        #expect(counted.calls.count { $0 == "rooms" } == listed + 1, "the wait's first look, which fails")
        counted.fail(with: nil)
        _ = try await store.send("from now", to: newer.id, from: tom)
        #expect(await waiting.value == [])
        #expect(app.output.standardOutput.contains("sam: from before\n"), "\(app.output.standardOutput)")
        #expect(app.output.standardOutput.contains("tom: from now\n"))
    }

    @Test("/wait at the list of rooms after a room was opened and read meanwhile shows nothing of it again")
    @MainActor
    func waitAtTheRoomListAfterARoomWasRead() async throws {
        let (store, rita, sam, tom, samRoom, tomRoom) = try await ritaSamAndTom()
        let app = try await atTheRoomList(rita, over: store)
        _ = try await store.send("first", to: samRoom.id, from: sam)
        #expect(await app.send("/wait 5") == [])
        _ = try await store.send("second", to: samRoom.id, from: sam)
        // Read in the room itself, then back at the list.
        #expect(await app.send("/open \(samRoom.id)", "/back") == [])
        _ = try await store.send("third", to: tomRoom.id, from: tom)
        #expect(await app.send("/wait 5") == [])
        // The list's lines name their room after the time (`[…] #1 @sam sam: first`); the
        // room's own show its history too.
        let output = app.output.standardOutput
        let atTheList = output.split(separator: "\n").filter { $0.contains("] #") }
        #expect(atTheList.map { String($0.split(separator: ": ").last ?? "") } == ["first", "third"], "\(output)")
    }

    /// rita, with a 1:1 room with each of sam and tom, in a store in memory.
    private func ritaSamAndTom() async throws -> (
        store: InMemoryChatStore, rita: Session, sam: Session, tom: Session, samRoom: Room, tomRoom: Room
    ) {
        let store = InMemoryChatStore(clock: .stepping(from: TestApp.start), hasher: Argon2idPasswordHasher(cost: .testing))
        let rita = try await store.signUp(name: "rita", password: "password-rita")
        let sam = try await store.signUp(name: "sam", password: "password-sam")
        let tom = try await store.signUp(name: "tom", password: "password-tom")
        let samRoom = try await store.directRoom(between: sam, and: rita.user)
        let tomRoom = try await store.directRoom(between: tom, and: rita.user)
        return (store, rita, sam, tom, samRoom, tomRoom)
    }

    /// A tudy over `store`, logged in as `session`'s user, at the list of rooms.
    @MainActor
    private func atTheRoomList(_ session: Session, over store: any ChatStore) async throws -> TestApp {
        let app = TestApp(store: store)
        try await app.app.start()
        app.context.login.session = session
        #expect(await app.send("/chat") == [])
        return app
    }

    /// Ann at a terminal tudy (its REPL running), logged in and in her room with ben.
    @MainActor
    private func annTypingInTheRoom(_ app: TestApp, room: Room) async -> (reader: PromptedLineReader, running: Task<RunOutcome, Never>) {
        let reader = PromptedLineReader(output: app.output)
        let repl = REPL(app: app.app, reader: reader, console: app.context.console, options: .init(isInteractive: true))
        let running = Task { await repl.run() }
        reader.type("/login ann", "password-ann", "/chat", "/open \(room.id)")
        await Self.waitFor("ann in the room", app) { reader.isIdle }
        return (reader, running)
    }

    /// Waits up to 10 s for `condition`; records an issue naming `what`, with the transcript, if it does not come.
    @MainActor
    private static func waitFor(_ what: String, _ app: TestApp, _ condition: () -> Bool) async {
        let deadline = ContinuousClock.now + .seconds(10)
        while !condition() && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(2)) }
        #expect(condition(), "\(what); the transcript:\n\(app.output.transcript)")
    }

    @Test("a change stream that ends on its own is told, and followed again: what comes after it is shown")
    func streamEndsAndIsFollowedAgain() async throws {
        let (base, store, _, ben, room, app) = try await annAndBen()
        let (reader, running) = await annTypingInTheRoom(app, room: room)
        _ = try await base.send("before", to: room.id, from: ben)
        await Self.waitFor("the first message shown", app) { app.output.transcript.contains("ben: before\n") }
        store.endChangeStreams()
        await Self.waitFor("the person told", app) { app.output.transcript.contains(LiveNews.streamEnded.notice ?? "") }
        await Self.waitFor("the stream asked for again", app) { store.calls.count { $0 == "changes" } >= 2 }
        _ = try await base.send("after", to: room.id, from: ben)
        await Self.waitFor("the next message shown", app) { app.output.transcript.contains("ben: after\n") }
        #expect(!app.output.transcript.contains(LiveNews.sessionEnded.notice ?? ""))
        reader.end()
        _ = await running.value
    }

    @Test("a login logged out from another tudy: the stream ends with it, the person is told the login ended (not that it is followed again) and is a guest at home")
    func streamEndsWithTheSession() async throws {
        let (base, _, _, ben, room, app) = try await annAndBen()
        let (reader, running) = await annTypingInTheRoom(app, room: room)
        let session = try #require(app.context.login.session)
        // Another tudy of the same login logs out.
        try await base.logOut(session)
        await Self.waitFor("the person told", app) { app.output.transcript.contains(LiveNews.sessionEnded.notice ?? "") }
        await Self.waitFor("a guest at home", app) { app.context.login.session == nil && app.tabBar.tabBarController.path == "home > board" }
        _ = try await base.send("after", to: room.id, from: ben)
        #expect(!app.output.transcript.contains(LiveNews.streamEnded.notice ?? "") && !app.output.transcript.contains("ben: after"))
        reader.end()
        _ = await running.value
    }

    @Test("a command refused because the login ended elsewhere makes this tudy a guest at home, as /logout does")
    func commandFindsTheLoginEnded() async throws {
        let (base, _, ann, _, _, app) = try await annAndBen()
        try await app.app.start()
        app.context.login.session = ann
        #expect(await app.send("/chat") == [])
        try await base.logOut(ann)
        #expect(await app.send("/rooms") == [RefusalWording.message(for: StoreError.sessionEnded)])
        #expect(app.context.login.session == nil && app.tabBar.tabBarController.path == "home > board")
        app.output.clear()
        #expect(await app.send("/whoami") == [] && app.output.standardOutput == "guest\n")
    }
}
