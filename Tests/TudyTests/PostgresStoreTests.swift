import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudyPostgres

/// What the PostgreSQL store promises beyond the contract: several servers on one database.
@Suite("PostgreSQL store", .serialized, .closingStores, .notQuick)
struct PostgresStoreTests {
    /// A store in a new database where ann and ben have their 1:1 room.
    private func annAndBenInNewDatabase() async throws
        -> (url: String, store: PostgresChatStore, ann: Session, ben: Session, room: Room)
    {
        let url = try await PostgresTestCluster.newDatabase()
        let store = try await PostgresTestCluster.store(at: url)
        let ann = try await store.signUp(name: "ann", password: "password-ann")
        let ben = try await store.signUp(name: "ben", password: "password-ben")
        return (url, store, ann, ben, try await store.directRoom(between: ann, and: ben.user))
    }

    @Test("a password given apart from the URL (PGPASSWORD) is used; a wrong one is said at once, as PostgreSQL said it")
    func passwordApartFromTheURL() async throws {
        let roleURL = try await PostgresTestCluster.newDatabaseWithPassword()
        let open = { (password: String?) in
            try await PostgresChatStore.open(
                url: roleURL, password: password, clock: WallClock { Date() }, hasher: Argon2idPasswordHasher(cost: .testing),
                startTimeout: .seconds(60))
        }
        let store = try await open("right-password")
        _ = try await store.signUp(name: "alice", password: "password-alice")
        await store.close()
        do {
            _ = try await open("wrong-password")
            Issue.record("a wrong password was let in")
        } catch StorageError.refused(let reason) {
            #expect(reason.contains("password authentication failed"), "\(reason)")
        }
        do {
            _ = try await open(nil)
            Issue.record("no password was let in")
        } catch StorageError.refused(let reason) {
            #expect(reason == "it asks for a password, and none was given")
        }
    }

    @Test(
        "senders at once on two stores, each to rooms picked at random: every follower, on any store, gets every message of its rooms once, in each room in id order, each sender's in the order sent",
        arguments: [1, 2, 3] as [UInt64])
    func concurrentSendersKeepCommitOrderPerRoom(seed: UInt64) async throws {
        let url = try await PostgresTestCluster.newDatabase()
        let stores = [try await PostgresTestCluster.store(at: url), try await PostgresTestCluster.store(at: url)]
        let watcher = try await PostgresTestCluster.store(at: url)
        let names = (0..<8).map { "sender\($0)" }
        var sessions: [Session] = []
        for name in names { sessions.append(try await stores[0].signUp(name: name, password: "password-\(name)")) }
        let reader = try await stores[0].signUp(name: "reader", password: "password-reader")
        // Three group rooms of the reader and every sender, and one without the reader.
        var rooms: [Int] = []
        for first in 0..<4 {
            let direct = try await stores[0].directRoom(between: sessions[first], and: sessions[first + 4].user)
            var group = try await stores[0].bringIn(first == 3 ? sessions[0] : reader, to: direct.id, by: sessions[first])
            for other in sessions.indices where !group.hasMember(sessions[other].user) {
                group = try await stores[0].bringIn(sessions[other], to: group.id, by: sessions[first])
            }
            rooms.append(group.id)
        }
        let followers = [
            await ChangeRecorder.reading(try await watcher.changes(for: reader)),
            await ChangeRecorder.reading(try await stores[0].changes(for: reader)),
            await ChangeRecorder.reading(try await stores[1].changes(for: try await stores[1].logIn(name: "reader", password: "password-reader"))),
        ]
        let perSender = 30
        var generator = SeededGenerator(seed: seed)
        let plans = names.indices.map { _ in (0..<perSender).map { _ in (room: Int.random(in: 0..<4, using: &generator), store: Int.random(in: 0..<2, using: &generator)) } }
        let senders = sessions
        let roomIDs = rooms
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, session) in senders.enumerated() {
                group.addTask {
                    for (n, step) in plans[index].enumerated() {
                        _ = try await stores[step.store].send("\(index).\(n)", to: roomIDs[step.room], from: session)
                    }
                }
            }
            try await group.waitForAll()
        }
        let expected = plans.joined().filter { $0.room != 3 }.count
        for (place, follower) in zip(["a third store", "a sender's store", "the other sender's store"], followers) {
            let received = await follower.next(expected, within: 30).compactMap { change -> Message? in
                if case .message(let message) = change { message } else { nil }
            }
            #expect(received.count == expected, "\(place): \(received.count) of \(expected) messages came")
            #expect(Set(received.map(\.id)).count == received.count, "\(place): a message came twice")
            for room in roomIDs {
                let ids = received.filter { $0.roomID == room }.map(\.id)
                #expect(ids == ids.sorted(), "\(place): messages of room \(room) came out of id order")
            }
            #expect(!received.contains { $0.roomID == roomIDs[3] }, "\(place): a message of a room the reader is not in came")
            for index in names.indices {
                let own = received.filter { $0.text.hasPrefix("\(index).") }.map { Int($0.text.split(separator: ".")[1])! }
                let sent = plans[index].indices.filter { plans[index][$0].room != 3 }
                #expect(own == sent, "\(place): sender \(index)'s messages came out of the order sent")
            }
        }
    }

    @Test("a store closed while its changes wait to be read stops reading (it used to retry for ever, at full speed)")
    func closedFeedStopsReading() async throws {
        let store = try await PostgresTestCluster.store(at: try await PostgresTestCluster.newDatabase())
        // The reader starts after `stop` has cancelled it: its read fails at once, as after a close.
        await store.feed.note("m")
        await store.close()
        // Looked at every 10 ms, not spun on: on a loaded 2-core machine a spinning test keeps
        // the reader it waits for from running.
        let deadline = ContinuousClock.now + .seconds(30)
        while await store.feed.isReading {
            guard ContinuousClock.now < deadline else {
                Issue.record("expected the closed store's reader to end within 30 s; it is still reading")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test("trigram indexes that a first start could not make (no pg_trgm then) are made at a later start")
    func searchIndexesMadeLater() async throws {
        let url = try await PostgresTestCluster.newDatabase()
        await (try await PostgresTestCluster.store(at: url)).close()
        // As a database whose role could not add pg_trgm: migration 4 recorded, no indexes.
        try await PostgresTestCluster.administer("DROP EXTENSION pg_trgm CASCADE", in: url)
        let store = try await PostgresTestCluster.store(at: url)
        await store.close()
        do {
            try await PostgresTestCluster.administer(
                """
                DO $$ BEGIN
                    IF to_regclass('message_search_trigrams') IS NULL OR to_regclass('project_search_trigrams') IS NULL THEN
                        RAISE EXCEPTION 'expected both trigram indexes after the second start; one is missing';
                    END IF;
                END $$
                """, in: url)
        } catch {
            // PSQLError shows the server's message only when reflected.
            Issue.record("\(String(reflecting: error))")
        }
    }

    @Test("a word of one or two letters that few messages hold is looked up by an index, not by reading every message")
    func lettersAndPairsIndexed() async throws {
        let (url, store, ann, ben, room) = try await annAndBenInNewDatabase()
        _ = try await store.send("내일 공부", to: room.id, from: ben)
        // Enough messages without it that reading them all is the costlier plan.
        try await PostgresTestCluster.administer(
            """
            INSERT INTO message (id, room_id, sender_id, text, sent_at, search_text)
            SELECT 1000 + i, \(room.id), (SELECT id FROM users WHERE name = 'ben'), 'filler ' || i, now(), 'filler ' || i
            FROM generate_series(1, 50000) AS i
            """, in: url)
        try await PostgresTestCluster.administer("ANALYZE message", in: url)
        #expect(try await store.findMessages(MessageSearch.words("공부"), for: ann, limit: 50).map(\.text) == ["내일 공부"])
        #expect(try await store.findMessages(MessageSearch.words("일"), for: ann, limit: 50).map(\.text) == ["내일 공부"])
        // The store's connections report their use of indexes as they end.
        await store.close()
        let deadline = ContinuousClock.now + .seconds(20)
        var scans: [String] = []
        while ContinuousClock.now < deadline {
            scans = try await PostgresTestCluster.strings(
                "SELECT idx_scan::text FROM pg_stat_user_indexes WHERE indexrelname = 'message_letters_and_pairs'", in: url)
            if let count = scans.first.flatMap({ Int($0) }), count >= 2 { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("expected the index of letters and pairs to be read twice within 20 s; its scans: \(scans)")
    }

    /// The lines of a plan that read a table whole, or the index of senders' keys by the key
    /// alone (its second column: the whole index).
    private static func readsWhole(_ plan: [String]) -> [String] {
        plan.indices.filter { index in
            let line = plan[index]
            let readsKeys = line.contains("Scan") && line.contains("message_by_client_key")
            return line.contains("Seq Scan") || (readsKeys && !plan[(index + 1)...].prefix(2).contains { $0.contains("sender_id =") })
        }.map { plan[$0] }
    }

    @Test("the plans a server's busiest statements keep for all values read by index, whether made in a new database or in one that holds thousands of messages")
    func keptPlansReadByIndex() async throws {
        let (url, store, _, ben, room) = try await annAndBenInNewDatabase()
        let send = "'hash', now(), \(room.id), 'hello', 'key', 'hello', 'text', NULL, 'channel', 'prefix'"
        let named = "ARRAY[1, 2, 3]::BIGINT[]"
        for stage in ["a new database", "a database of 2,000 people in 1,000 rooms and 20,000 messages, analyzed"] {
            if stage != "a new database" {
                _ = try await store.send("hello", to: room.id, from: ben)
                for sql in [
                    "INSERT INTO users (name, name_key, password_hash) SELECT 'user' || i, 'user' || i, 'none' FROM generate_series(1, 2000) AS i",
                    "INSERT INTO session (token_hash, user_id, expires_at) SELECT 'token' || id, id, now() + interval '1 day' FROM users",
                    "INSERT INTO room (kind) SELECT 'group' FROM generate_series(1, 1000)",
                    """
                    INSERT INTO membership (room_id, user_id, position)
                    SELECT room.id, users.id, 0 FROM room JOIN users ON users.id % 1000 = room.id % 1000 ON CONFLICT DO NOTHING
                    """,
                    """
                    INSERT INTO message (id, room_id, sender_id, text, sent_at, search_text, client_key)
                    SELECT nextval('message_id'), room_id, user_id, 'filler ' || i, now(), 'filler ' || i, room_id || ' ' || i
                    FROM membership, generate_series(1, 10) AS i
                    """,
                    "ANALYZE",
                ] {
                    try await PostgresTestCluster.administer(sql, in: url)
                }
            }
            let sendPlan = try await PostgresTestCluster.keptPlan(of: PostgresSendStatement.self, arguments: send, in: url)
            #expect(Self.readsWhole(sendPlan).isEmpty, "in \(stage), a send's plan reads whole: \(sendPlan.joined(separator: "\n"))")
            let namedPlan = try await PostgresTestCluster.keptPlan(of: PostgresNamedMessagesStatement.self, arguments: named, in: url)
            #expect(Self.readsWhole(namedPlan).isEmpty, "in \(stage), the feed's read of messages reads whole: \(namedPlan.joined(separator: "\n"))")
        }
    }

    @Test("search text folded by an older rule (or by lower()) is folded again at the next start")
    func searchTextFoldedAgain() async throws {
        let (url, store, ann, ben, room) = try await annAndBenInNewDatabase()
        _ = try await store.send("Straße am See", to: room.id, from: ben)
        _ = try await store.send("ＩＯＳ 스터디", to: room.id, from: ben)
        let decomposed = "한국어 공부".decomposedStringWithCanonicalMapping
        _ = try await store.send(decomposed, to: room.id, from: ben)
        let post = try await store.createProject(
            ProjectDraft(title: "ＳＷＩＦＴ 모임", works: ["ios"], capacity: 2, body: "in der Straße"), by: ann)
        await store.close()
        // As migrations 2 and 4 left it, and no migration 5.
        for sql in [
            "UPDATE message SET search_text = lower(text)",
            "UPDATE project SET search_text = lower(title || E'\\n' || body)",
            "DELETE FROM tudy_migration WHERE version = 5",
        ] {
            try await PostgresTestCluster.administer(sql, in: url)
        }
        let reopened = try await PostgresTestCluster.store(at: url)
        let words = { (query: String) in MessageSearch.words(query) }
        #expect(try await reopened.findMessages(words("STRASSE"), for: ann, limit: 50).map(\.text) == ["Straße am See"])
        #expect(try await reopened.findMessages(words("ios"), for: ann, limit: 50).map(\.text) == ["ＩＯＳ 스터디"])
        #expect(try await reopened.findMessages(words("국어"), for: ann, limit: 50).map(\.text) == [decomposed])
        #expect(try await reopened.projects(.words("swift strasse")).map(\.id) == [post.id])
        await reopened.close()
    }

    @Test("the stores a test opens are closed when it ends (.closingStores): none of their connections is left")
    func storesClosedAtTheEnd() async throws {
        let url = try await PostgresTestCluster.newDatabase()
        let name = String(try #require(URLComponents(string: url)).path.dropFirst())
        @Sendable func connections() async throws -> Int {
            Int(try await PostgresTestCluster.strings("SELECT count(*)::text FROM pg_stat_activity WHERE datname = '\(name)'")[0]) ?? -1
        }
        let whileOpen = Locked(0)
        // The scope the suite gives each test, here around a test of its own.
        try await ClosingStores().provideScope(for: try #require(Test.current), testCase: Test.Case.current) {
            let store = try await PostgresTestCluster.store(at: url)
            _ = try await store.signUp(name: "ann", password: "password-ann")
            whileOpen.value = try await connections()
        }
        #expect(whileOpen.value > 0, "the store held no connection to its database")
        let deadline = ContinuousClock.now + .seconds(10)
        var left = try await connections()
        while left > 0 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            left = try await connections()
        }
        #expect(left == 0, "expected no connection to the test's database within 10 s of its end; \(left) left of \(whileOpen.value)")
    }
}
