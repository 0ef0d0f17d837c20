import Foundation
import GRDB
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudySQLite

/// Several `tudy` processes on one store file: chat between them, concurrency, kills.
@Suite("Shared store", .serialized, .notQuick)
struct SharedStoreTests {
    private func script(_ lines: [String]) -> [UInt8] {
        Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    private func seed(_ directory: URL, users: [String], groupRoom: Bool) throws -> String {
        let fixture: [String: Any] = [
            "users": users.map { ["name": $0, "password": "\($0)-password"] },
            "rooms": groupRoom ? [["kind": "group", "members": users, "messages": []]] : [],
        ]
        let url = directory.appendingPathComponent("seed.json")
        try JSONSerialization.data(withJSONObject: fixture).write(to: url)
        let store = directory.appendingPathComponent("tudy.sqlite").path
        let result = try TudyProcess(["--store", store, "--seed", url.path], input: [], directory: directory).finish()
        #expect(result.status == 0 && result.errors == "")
        return store
    }

    private func messages(in store: String, roomID: Int, as user: String) async throws -> [Message] {
        let reader = try SQLiteChatStore(
            path: store, clock: .stepping(from: TestApp.start), hasher: Argon2idPasswordHasher(cost: .testing))
        let session = try await reader.logIn(name: user, password: "\(user)-password")
        return try await reader.messages(in: roomID, for: session, before: nil, limit: 1_000_000).messages
    }

    private func integrity(_ store: String) throws -> String? {
        try DatabaseQueue(path: store).read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
    }

    @Test("the change stream sees commits of another connection and of another process, in order")
    func changesAcrossProcesses() async throws {
        let directory = try TemporaryDirectory.make()
        let store = try seed(directory, users: ["alice", "bob", "carol"], groupRoom: true)
        let open = { try SQLiteChatStore(path: store, clock: .stepping(from: TestApp.start), hasher: Argon2idPasswordHasher(cost: .testing)) }
        let watching = try open()
        let other = try open()
        let alice = try await watching.logIn(name: "alice", password: "alice-password")
        let carol = try await other.logIn(name: "carol", password: "carol-password")
        let changes = await ChangeRecorder.reading(try await watching.changes(for: alice))

        _ = try await other.send("from another connection", to: 1, from: carol)
        #expect(await changes.next(1).map(\.messageText) == ["from another connection"])

        let lines = ["/login bob", "bob-password", "/chat", "/open 1"] + (1...20).map { "from another process \($0)" }
        let sender = try TudyProcess(["--store", store], input: script(lines), directory: directory).finish()
        #expect(sender.status == 0)
        // Bob's process read the room as it opened it: his mark moving is told as well.
        let told = await changes.all { $0.compactMap(\.messageText).count >= 20 }
        #expect(told.compactMap(\.messageText) == (1...20).map { "from another process \($0)" })
        #expect(told.contains { if case .read(1, let reader, _) = $0 { reader.name == "bob" } else { false } }, "\(told)")

        try await other.leave(roomID: 1, session: carol)
        let received = await changes.next(1)
        guard case .roomChanged(let room)? = received.first else {
            Issue.record("expected carol's leaving, saw \(received)")
            return
        }
        #expect(room.members.map(\.name) == ["alice", "bob"])
    }

    @Test("every change stream of a store shares its one watcher: 500 streams, one thread, each told once; a dropped stream is forgotten")
    func oneWatcherForEveryStream() async throws {
        let directory = try TemporaryDirectory.make()
        let path = try seed(directory, users: ["alice", "bob"], groupRoom: true)
        let store = try SQLiteChatStore(
            path: path, clock: .stepping(from: TestApp.start), hasher: Argon2idPasswordHasher(cost: .testing), access: .server)
        let alice = try await store.logIn(name: "alice", password: "alice-password")
        let bob = try await store.logIn(name: "bob", password: "bob-password")
        var recorders: [ChangeRecorder] = []
        for index in 0..<500 {
            recorders.append(await ChangeRecorder.reading(try await store.changes(for: index.isMultiple(of: 2) ? alice : bob)))
        }
        #expect(store.feed.streamCount == 500)
        _ = try await store.send("to everyone", to: 1, from: alice)
        for recorder in recorders {
            #expect(await recorder.next(1).map(\.messageText) == ["to everyone"])
        }
        #expect(store.feed.threadCount == 1)

        recorders.removeAll()
        let deadline = ContinuousClock.now + .seconds(5)
        while store.feed.streamCount > 0 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(store.feed.streamCount == 0, "every stream was dropped; the feed still serves \(store.feed.streamCount)")
    }

    @Test("/wait prints the reply another process sends, and goes on; with none, it fails after its time")
    func waitAcrossProcesses() throws {
        let directory = try TemporaryDirectory.make()
        let store = try seed(directory, users: ["alice", "bob"], groupRoom: true)
        let bob = try RunningTudy(TudyProcess.binary, ["--store", store])
        defer { bob.stop() }
        bob.send("/login bob", "bob-password", "/chat", "/open 1", "/where")
        bob.waitFor("chat > rooms > group #1\n")
        bob.send("/wait 20", "/whoami")
        let alice = try TudyProcess(
            ["--store", store], input: script(["/login alice", "alice-password", "/chat", "/open 1", "are you there?"]),
            directory: directory
        ).finish()
        #expect(alice.status == 0)
        bob.waitFor("bob\n")
        #expect(bob.finish() == 0)
        #expect(bob.text.contains("alice: are you there?\nbob\n"))

        let lonely = try TudyProcess(
            ["--store", store], input: script(["/login bob", "bob-password", "/chat", "/open 1", "/wait 1", "/whoami"]),
            directory: directory
        ).finish()
        #expect(lonely.status == 1)
        #expect(lonely.errors == "error: no message from anyone else came to group #1 within 1 s: /wait again, or /wait <seconds> for longer\n")
        #expect(lonely.output.hasSuffix("bob\n"))
    }

    @Test("scripts/echo-bot answers a piped conversation, message by message")
    func echoBot() throws {
        let directory = try TemporaryDirectory.make()
        let store = try seed(directory, users: ["alice", "bot"], groupRoom: false)
        let bot = try RunningTudy(
            URL(fileURLWithPath: "/bin/bash"),
            [TudyProcess.packageRoot.appendingPathComponent("scripts/echo-bot").path, "bot", "bot-password", "--store", store],
            environment: ["TUDY": TudyProcess.binary.path])
        defer { bot.stop() }
        let alice = try TudyProcess(
            ["--store", store],
            input: script([
                "/login alice", "alice-password", "/chat", "/dm bot", "hello bot", "/wait 20", "안녕, 봇!", "/wait 20",
            ]),
            directory: directory
        ).finish()
        #expect(alice.status == 0, "alice's side:\n\(alice.output)\(alice.errors)")
        #expect(alice.output.contains("] bot: echo: hello bot\n"))
        #expect(alice.output.contains("] bot: echo: 안녕, 봇!\n"))
    }

    @Test("scripts/echo-bot with a wrong password says it could not log in, and ends (exit 1)")
    func echoBotWrongPassword() throws {
        let directory = try TemporaryDirectory.make()
        let store = try seed(directory, users: ["alice", "bot"], groupRoom: false)
        let bot = try RunningTudy(
            URL(fileURLWithPath: "/bin/bash"),
            [TudyProcess.packageRoot.appendingPathComponent("scripts/echo-bot").path, "bot", "not-the-password", "--store", store],
            environment: ["TUDY": TudyProcess.binary.path])
        defer { bot.stop() }
        // Before, it went on waiting for a line that never came: stopped by the defer.
        guard bot.waitFor("echo-bot: could not log in as bot: error: wrong name or password", seconds: 10) else { return }
        #expect(bot.finish() == 1)
    }

    @Test("one process signs up and sends; another logs in and reads it")
    func twoPeople() throws {
        let directory = try TemporaryDirectory.make()
        let store = directory.appendingPathComponent("tudy.sqlite").path
        let bob = try TudyProcess(
            ["--store", store], input: script(["/signup bob", "bob-password", "bob-password"]), directory: directory
        ).finish()
        #expect(bob.status == 0)
        let alice = try TudyProcess(
            ["--store", store],
            input: script(["/signup alice", "alice-password", "alice-password", "/chat", "/dm bob", "hello from alice"]),
            directory: directory
        ).finish()
        #expect(alice.status == 0 && alice.errors == "")
        let reader = try TudyProcess(
            ["--store", store], input: script(["/login bob", "bob-password", "/chat", "/open 1"]), directory: directory
        ).finish()
        #expect(reader.status == 0 && reader.errors == "")
        #expect(reader.output.contains("[1 unread]  alice: hello from alice\n"))
        #expect(reader.output.hasSuffix("alice: hello from alice\n"))
    }

    /// Two terminals opened at once on a first run: the store is made, or migrated, once.
    @Test("four processes started at once on no store yet, or on one of an older schema, all open it, and it is whole")
    func startedTogether() async throws {
        for round in 0..<16 {
            let directory = try TemporaryDirectory.make()
            let store = directory.appendingPathComponent("tudy.sqlite").path
            let upgrades = round % 2 == 1
            if upgrades { try FileManager.default.copyItem(atPath: StoreUpgradeTests.fixture.path, toPath: store) }
            let processes = try (1...4).map { _ in try TudyProcess(["--store", store], input: [], directory: directory) }
            for (number, result) in processes.map({ $0.finish() }).enumerated() {
                #expect(
                    result.status == 0 && result.errors == "",
                    "round \(round) (\(upgrades ? "v14 store" : "new store")), process \(number + 1) exited \(result.status): \(result.errors)")
            }
            #expect(try integrity(store) == "ok")
            let applied = try await DatabaseQueue(path: store).read(StoreSchema.migrator.hasCompletedMigrations)
            #expect(applied, "round \(round): the store is not at this tudy's schema")
            if upgrades {
                #expect(try await messages(in: store, roomID: 1, as: "bob").count == 4)
            }
        }
    }

    @Test("several processes piping into one room at once: every message once, in each sender's order, no errors")
    func concurrentSenders() async throws {
        let directory = try TemporaryDirectory.make()
        let senders = ["ann", "ben", "cat", "dan"]
        let perSender = 250
        let store = try seed(directory, users: senders, groupRoom: true)
        let processes = try senders.map { name in
            try TudyProcess(
                ["--store", store],
                input: script(["/login \(name)", "\(name)-password", "/chat", "/open 1"] + (1...perSender).map { "\(name) \($0)" }),
                directory: directory)
        }
        for (name, result) in zip(senders, processes.map { $0.finish() }) {
            #expect(result.status == 0, "\(name) exited \(result.status)")
            #expect(result.errors == "", "\(name) printed \(result.errors)")
        }
        let all = try await messages(in: store, roomID: 1, as: "ann")
        #expect(all.count == senders.count * perSender)
        for name in senders {
            let texts = all.filter { $0.sender.name == name }.map(\.text)
            #expect(texts == (1...perSender).map { "\(name) \($0)" })
        }
        #expect(try integrity(store) == "ok")
    }

    @Test("killed with SIGKILL at many moments, group commits among them: the store opens clean, and every message printed as sent is in it")
    func killedSender() async throws {
        let directory = try TemporaryDirectory.make()
        let store = try seed(directory, users: ["ann", "ben"], groupRoom: true)
        var generator = SeededGenerator(seed: 20_261_121)
        var printed: [String] = []
        for round in 1...15 {
            let lines = (1...400).map { "round \(round) message \($0)" }
            let process = try TudyProcess(
                ["--store", store], input: script(["/login ann", "ann-password", "/chat", "/open 1"] + lines),
                directory: directory)
            // Killed right after the n-th line it printed: the moment the next insert is under way,
            // or the next commit of a run of lines (the 400 come at once, so they go in runs of
            // REPL.messagesPerCommit), whose messages are printed only once it is synced.
            let printedLines = process.kill(afterLines: Int.random(in: 3...120, using: &generator))
            // Each line is the text, then how many have not read it yet.
            printed += printedLines.filter { $0.contains("] ann: round ") }.map {
                String($0.split(separator: ": ", maxSplits: 1)[1]).components(separatedBy: " ·\u{00A0}")[0]
            }
            #expect(try integrity(store) == "ok", "round \(round)")
        }
        let stored = Set(try await messages(in: store, roomID: 1, as: "ben").map(\.text))
        #expect(!printed.isEmpty)
        #expect(printed.allSatisfy(stored.contains))
    }
}

extension StoreChange {
    /// The text of a message change; nil for any other.
    var messageText: String? {
        if case .message(let message) = self { message.text } else { nil }
    }
}
