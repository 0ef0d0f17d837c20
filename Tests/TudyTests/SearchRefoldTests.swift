import Foundation
import GRDB
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudySQLite

/// A store whose search text was folded by an older rule is folded again when it opens.
@Suite("Search text folded again")
struct SearchRefoldTests {
    @Test("a SQLite store from before v9 finds by forms and full case once opened, posts too")
    func sqliteStoreFoldedAgain() async throws {
        let path = try TemporaryDirectory.make().appendingPathComponent("old.sqlite").path
        let hasher = Argon2idPasswordHasher(cost: .testing)
        func open() throws -> SQLiteChatStore { try SQLiteChatStore(path: path, clock: .stepping(from: TestApp.start), hasher: hasher) }
        var store: SQLiteChatStore? = try open()
        let ann = try await store!.signUp(name: "ann", password: "password-ann")
        let ben = try await store!.signUp(name: "ben", password: "password-ben")
        let room = try await store!.directRoom(between: ann, and: ben.user)
        _ = try await store!.send("Straße am See", to: room.id, from: ben)
        _ = try await store!.send("ＩＯＳ 스터디", to: room.id, from: ben)
        let decomposed = "한국어 공부".decomposedStringWithCanonicalMapping
        _ = try await store!.send(decomposed, to: room.id, from: ben)
        _ = try await store!.send("plain ascii", to: room.id, from: ben)
        let post = try await store!.createProject(
            ProjectDraft(title: "ＳＷＩＦＴ 모임", works: ["ios"], capacity: 2, body: "in der Straße"), by: ann)
        store = nil

        // As v8 left it: search text lower-cased only, and no v9.
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            for row in try Row.fetchAll(db, sql: "SELECT id, text FROM message") {
                try db.execute(
                    sql: "UPDATE message SET search_text = ? WHERE id = ?", arguments: [(row["text"] as String).lowercased(), row["id"] as Int64])
            }
            try db.execute(sql: "UPDATE project SET search_text = lower(title || char(10) || body)")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v9 %'")
        }
        let stale = try await queue.read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM message_search WHERE message_search MATCH '\"strasse\"'")
        }
        try queue.close()
        #expect(stale == 0, "expected the index to hold the old fold before the store opens")

        let reopened = try open()
        let words = { (query: String) in MessageSearch.words(query) }
        #expect(try await reopened.findMessages(words("STRASSE"), for: ann, limit: 50).map(\.text) == ["Straße am See"])
        #expect(try await reopened.findMessages(words("ios"), for: ann, limit: 50).map(\.text) == ["ＩＯＳ 스터디"])
        #expect(try await reopened.findMessages(words("국어"), for: ann, limit: 50).map(\.text) == [decomposed])
        #expect(try await reopened.findMessages(words("ascii"), for: ann, limit: 50).map(\.text) == ["plain ascii"])
        #expect(try await reopened.projects(.words("swift strasse")).map(\.id) == [post.id])
    }
}
