import Foundation
import GRDB
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudySQLite

// The SQLite store's query plans, as SQLite runs the statements the store itself sends: every
// screen reads messages by key, and /find reads its index newest first.
extension SQLiteStoreTests {
    /// A plan line that reads `message` other than by key (a room's index, one message's id or
    /// client key, the indexes of messages' last letters): a scan, or a walk of every room's
    /// messages by id (`rowid<?`), which costs the same.
    static func walksMessages(_ detail: String) -> Bool {
        let words = detail.split(separator: " ")
        guard words.count > 1, words[0] == "SCAN" || words[0] == "SEARCH", words[1] == "message", detail != "SEARCH message" else {
            return false
        }
        let byKey = [
            "INDEX message_by_room (room_id=?", "(rowid=?)", "INDEX message_by_client_key",
            "INDEX message_search_tail (<expr>", "INDEX message_search_last (<expr>=?)",
        ]
        return !byKey.contains { detail.contains($0) }
    }

    /// The plans of every statement reading `message` that the store itself runs for the
    /// rooms list with its unread counts, opening a room (last page, unread), `/more` and
    /// `/wait`, on a room of 300 messages: the plan lines that scan `message` whole.
    private func messageScans(droppingIndex: Bool = false) async throws -> [String] {
        let (path, store, statements) = try tracedStore()
        let (room, alice, bob) = try await aliceAndBob(in: store)
        for n in 1...300 { _ = try await store.send("message \(n)", to: room.id, from: n % 2 == 0 ? alice : bob) }
        try await store.markRead(roomID: room.id, upTo: 150, for: alice)
        if droppingIndex {
            try await DatabaseQueue(path: path).write { db in try db.execute(sql: "DROP INDEX message_by_room") }
        }
        statements.value = []
        _ = try await store.rooms(of: alice)
        let unread = try #require(try await store.firstUnread(in: room.id, for: alice))
        _ = try await store.messages(in: room.id, for: alice, after: unread - 1, limit: 101)
        let last = try await store.messages(in: room.id, for: alice, before: nil, limit: 20)
        _ = try await store.messages(in: room.id, for: alice, before: last.messages.first?.id, limit: 20)
        _ = try await store.messages(in: room.id, for: alice, after: 290, limit: 100)
        let reads = statements.value.filter { $0.uppercased().hasPrefix("SELECT") && $0.contains("message") }
        #expect(reads.count >= 5, "the store ran fewer reads of message than expected: \(reads)")
        return try reads.flatMap { sql in try plan(of: sql, at: path).filter(Self.walksMessages).map { "\($0) in: \(sql)" } }
    }

    /// A store at a new path whose every statement is recorded, as SQLite ran it.
    func tracedStore(
        searchMergePages: Int = SQLiteChatStore.defaultSearchMergePages
    ) throws -> (path: String, store: SQLiteChatStore, statements: Locked<[String]>) {
        let path = try newPath()
        let statements = Locked<[String]>([])
        let store = try SQLiteChatStore(
            path: path, clock: .stepping(from: TestApp.start), hasher: hasher,
            prepare: { db in
                db.trace(options: .statement) { event in
                    if case .statement(let statement) = event { statements.value.append(statement.expandedSQL) }
                }
            },
            searchMergePages: searchMergePages)
        return (path, store, statements)
    }

    /// The lines of SQLite's plan for `sql` on the store at `path`.
    private func plan(of sql: String, at path: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql).map { $0["detail"] as String }
        }
    }

    @Test("/find reads the index newest first and stops at the newest it shows: no list of every match, no sort")
    func findPlan() async throws {
        let (path, store, statements) = try tracedStore()
        let (room, alice, bob) = try await aliceAndBob(in: store)
        for n in 1...300 { _ = try await store.send("message \(n)", to: room.id, from: n % 2 == 0 ? alice : bob) }
        statements.value = []
        let found = try await store.findMessages(MessageSearch.words("MESSAGE"), for: alice, limit: 20)
        #expect(found.map(\.text) == (281...300).reversed().map { "message \($0)" })
        let searches = statements.value.filter { $0.contains("MATCH") }
        #expect(searches.count == 1, "\(statements.value)")
        let lines = try plan(of: try #require(searches.first), at: path)
        #expect(lines.first?.hasPrefix("SCAN message_search") == true, "the index does not lead: \(lines)")
        #expect(!lines.contains { $0.contains("TEMP B-TREE") }, "every match is sorted: \(lines)")
    }

    @Test("/find of a one- or two-letter word reads the store's newest messages, then the index's vocabulary and endings: no walk of every message")
    func shortWordFindPlan() async throws {
        let (path, store, statements) = try tracedStore()
        let (room, alice, bob) = try await aliceAndBob(in: store)
        _ = try await store.send("첫 공부", to: room.id, from: bob)
        _ = try await store.send("마지막은 끝", to: room.id, from: bob)
        // More messages than are read first, none holding the word.
        try await DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: """
                    WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 6000)
                    INSERT INTO message (room_id, sender_id, text, sent_at, search_text)
                    SELECT ?, (SELECT id FROM user WHERE name = 'bob'), 'filler ' || i, '2026-11-21 10:00:00.000', 'filler ' || i FROM c
                    """, arguments: [room.id])
        }
        _ = try await store.send("공부하자", to: room.id, from: alice)
        statements.value = []
        let found = try await store.findMessages(MessageSearch.words("공부"), for: alice, limit: 20)
        #expect(found.map(\.text) == ["공부하자", "첫 공부"])
        #expect(statements.value.contains { $0.contains("message_search_vocabulary") }, "\(statements.value)")
        // One letter: inside a message, and as its last.
        #expect(try await store.findMessages(["첫"], for: alice, limit: 20).map(\.text) == ["첫 공부"])
        #expect(try await store.findMessages(["끝"], for: alice, limit: 20).map(\.text) == ["마지막은 끝"])
        let reads = statements.value.filter { $0.uppercased().hasPrefix("SELECT") && $0.contains("message") }
        let plans = try reads.map { sql in (sql, try plan(of: sql, at: path)) }
        let walks = plans.flatMap { sql, lines in lines.filter(Self.walksMessages).map { "\($0) in: \(sql)" } }
        #expect(walks.isEmpty, "message read other than by key: \(walks)")
        // A room read through by its index would pass the check above: the endings are read by theirs.
        for index in ["message_search_tail (<expr>=?)", "message_search_tail (<expr>>? AND <expr><?)", "message_search_last (<expr>=?)"] {
            #expect(plans.contains { $0.1.contains { $0.contains("USING INDEX \(index)") } }, "no plan reads \(index): \(plans)")
        }
    }

    @Test("every screen finds messages by key: no statement the store runs walks the message table")
    func pagingPlan() async throws {
        let scans = try await messageScans()
        #expect(scans.isEmpty, "message read other than by key: \(scans)")
    }

    @Test("the plan check above can fail: without the index on room and id, it sees the scans")
    func pagingPlanCanFail() async throws {
        #expect(try await !messageScans(droppingIndex: true).isEmpty)
    }
}
