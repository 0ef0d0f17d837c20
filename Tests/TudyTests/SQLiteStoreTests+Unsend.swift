import Foundation
import GRDB
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudySQLite

// What an unsend leaves of a message in the SQLite store's files: nothing of its text, in the
// table or in the search index, which it merges in steps that others' writes fit between.
extension SQLiteStoreTests {
    /// Sends 300 notes to `room`, alice and bob in turn: each a commit, and so a segment of
    /// the search index of its own, which make an index of several pages.
    private func sendNotes(to room: Room, from alice: Session, and bob: Session, in store: SQLiteChatStore) async throws {
        for n in 1...300 { _ = try await store.send("study group note \(n) for the week", to: room.id, from: n % 2 == 0 ? alice : bob) }
    }

    /// The search index holds text as trigrams: those of `trigrams` still in the store's files.
    /// (Pick none with digits or only a to f: a session's token is kept as hex, and may hold them.)
    private func trigramsLeft(_ trigrams: [String], at path: String) throws -> [String] {
        let bytes = try storeBytes(at: path)
        return trigrams.filter { bytes.range(of: Data($0.utf8)) != nil }
    }

    @Test("an unsent message's text is nowhere in the store's files, nor in its search index")
    func unsentTextGone() async throws {
        let path = try newPath()
        let store = try open(path)
        let (room, alice, _) = try await aliceAndBob(in: store)
        let secret = "the door code is 4711, zebra"
        // A long one overflows its page into others, which the unsend frees.
        let long = String(repeating: "비밀번호는 사칠일일 ", count: 360)
        _ = try await store.send(secret, to: room.id, from: alice)
        _ = try await store.send(long, to: room.id, from: alice)
        _ = try await store.send("and another message after them", to: room.id, from: alice)
        _ = try await store.unsend(.id(1), in: room.id, by: alice)
        _ = try await store.unsend(.id(2), in: room.id, by: alice)
        let bytes = try storeBytes(at: path)
        #expect(bytes.range(of: Data(secret.utf8)) == nil)
        #expect(bytes.range(of: Data("비밀번호는 사칠일일".utf8)) == nil)
        #expect(try trigramsLeft(["oor", "zeb", "ebr", "비밀번", "사칠일"], at: path) == [])
        let queue = try DatabaseQueue(path: path)
        let indexed = try await queue.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM message_search WHERE message_search MATCH 'zebra'")
        }
        #expect(indexed == 0)
    }

    @Test("an unsend merges the search index in steps, each a transaction of its own, until its text is gone from it")
    func unsendMergesInSteps() async throws {
        let (path, store, statements) = try tracedStore(searchMergePages: 1)
        let (room, alice, bob) = try await aliceAndBob(in: store)
        try await sendNotes(to: room, from: alice, and: bob, in: store)
        let secret = try await store.send("the door code is zebra", to: room.id, from: alice)
        _ = try await store.send("and one after it", to: room.id, from: bob)
        statements.value = []
        _ = try await store.unsend(.id(secret.id), in: room.id, by: alice)

        // The steps and commits in the order they ran: the deletion committed, then a commit
        // after each step.
        let run = statements.value.compactMap { sql in
            sql.contains("'merge'") ? "step" : sql.uppercased().hasPrefix("COMMIT") ? "commit" : nil
        }
        let steps = run.filter { $0 == "step" }.count
        #expect(steps >= 3, "expected a merge of several one-page steps; the unsend ran: \(statements.value)")
        #expect(run.first == "commit" && run.drop { $0 == "commit" } == ArraySlice(Array(repeating: ["step", "commit"], count: steps).joined()),
            "expected the deletion and each step committed apart: \(run)")
        #expect(try trigramsLeft(["oor", "zeb", "ebr"], at: path) == [])
    }

    @Test("a merge cut short (tudy killed between two steps) is finished by the next unsend")
    func cutShortMergeFinishedByNextUnsend() async throws {
        let path = try newPath()
        let store = try SQLiteChatStore(path: path, clock: .stepping(from: TestApp.start), hasher: hasher, prepare: nil, searchMergePages: 1)
        let (room, alice, bob) = try await aliceAndBob(in: store)
        // First, so that its trigrams are merged into the index's older segments, which a
        // merge of a page or two leaves as they are.
        let secret = try await store.send("the door code is zebra", to: room.id, from: alice)
        try await sendNotes(to: room, from: alice, and: bob, in: store)
        let later = try await store.send("and one after it", to: room.id, from: alice)
        // What a killed tudy leaves: the message deleted, and two steps of its merge done.
        let killed = try DatabaseQueue(path: path)
        try await killed.write { db in
            try db.execute(sql: "UPDATE message SET text = '', search_text = '', status = 'deleted' WHERE id = ?", arguments: [secret.id])
        }
        for pages in [-1, 1] {
            try await killed.write { db in
                try db.execute(sql: "INSERT INTO message_search (message_search, rank) VALUES ('merge', ?)", arguments: [pages])
            }
        }
        _ = try await killed.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        #expect(try !trigramsLeft(["oor", "zeb", "ebr"], at: path).isEmpty, "the merge was not cut short")

        _ = try await store.unsend(.id(later.id), in: room.id, by: alice)
        #expect(try trigramsLeft(["oor", "zeb", "ebr"], at: path) == [])
    }
}
