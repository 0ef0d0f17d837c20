import Foundation
import GRDB
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudySQLite
@testable import TudyPostgres

/// One account per look: names that look alike are one name's.
@Suite("Names that look alike", .closingStores)
struct NameLookTests {
    @Test("a name typed in letters that pass for Latin ones, full-width or mathematical letters, digits for letters, rn for m, looks as the Latin name does", arguments: [
        ("асе", "ace"), ("ａｌｉｃｅ", "alice"), ("𝖺𝗅𝗂𝖼𝖾", "alice"), ("a1ice", "alice"), ("rnary", "mary"), ("ΟΧΙ", "oxi"),
        ("ВОВ", "bob"), ("bοb", "bob"), ("ALICE", "alice"), ("alıce", "alice"), ("ɑlice", "alice"), ("ꮪam", "sam"),
        ("ΗΕΝRΥ", "henry"), ("Νick", "nick"), ("νick", "vick"), ("b0b", "bob"), ("ᴀnn", "ann"), ("Ꭺnn", "ann"),
    ])
    func looksAlike(_ one: String, _ other: String) {
        #expect(NameLook.of(one) == NameLook.of(other), "\(one): \(NameLook.of(one)), \(other): \(NameLook.of(other))")
    }

    @Test("a mention in letters that look like a name's names them; a longer name does not")
    func mentions() {
        let alice = User(name: "alice")
        #expect(Mention.names(alice, in: "hi @ａｌｉｃｅ, and you"))
        #expect(Mention.names(alice, in: "@аlice?"))
        #expect(Mention.names(alice, in: "thanks @ALICE"))
        #expect(!Mention.names(alice, in: "@alicia and @bob"))
        #expect(!Mention.names(alice, in: "mail alice@example.org"), "\(Accounts.look("example.org"))")
    }

    @Test("names that only share letters look different, or share them in a case where they look different", arguments: [
        ("alice", "alicia"), ("김철수", "김철호"), ("bob", "rob"), ("ian", "lan"), ("νick", "nick"), ("ali", "all"),
    ])
    func looksDifferent(_ one: String, _ other: String) {
        #expect(NameLook.of(one) != NameLook.of(other))
    }

    @Test("a name's letters are of one script, or of scripts used together (Latin with Han and kana, or Han and Hangul)", arguments: [
        ("аlice", "Cyrillic and Latin"), ("bοb", "Latin and Greek"), ("kim김", nil), ("山田たろう", nil), ("田中タロウsan", nil), ("김철수", nil),
        ("ab_12.x-y", nil), ("ａｌｉｃｅ", nil), ("zoé", nil), ("ivan_иван", "Latin and Cyrillic"), ("שלום", nil),
    ] as [(String, String?)])
    func scripts(_ name: String, _ mixed: String?) {
        #expect(NameLook.scriptsMixed(in: name) == mixed)
    }

    @Test("a new name that looks like an account's is refused, saying whose; one that mixes scripts too; the look finds the account", arguments: StoreFactory.all)
    func signUps(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        _ = try await store.signUp(name: "alice", password: "password-alice")
        _ = try await store.signUp(name: "ace", password: "password-ace")
        await #expect(throws: StoreError.nameLooksLike(name: "ａｌｉｃｅ", other: "alice")) {
            try await store.signUp(name: "ａｌｉｃｅ", password: "password-x")
        }
        await #expect(throws: StoreError.nameLooksLike(name: "асе", other: "ace")) { try await store.signUp(name: "асе", password: "password-x") }
        await #expect(throws: StoreError.nameMixesScripts(name: "аlice", scripts: "Cyrillic and Latin")) {
            try await store.signUp(name: "аlice", password: "password-x")
        }
        await #expect(throws: StoreError.nameLooksLike(name: "a1ice", other: "alice")) { try await store.checkNameIsFree("a1ice") }
        #expect(try await store.profile(named: "𝖺𝗅𝗂𝖼𝖾").user.name == "alice")
        #expect(try await store.profile(named: "ace").user.name == "ace")
        _ = try await store.signUp(name: "alicia", password: "password-alicia")
    }

    @Test("accounts that looked alike before are kept, listed for the operator (tudy --check), and block new look-alikes")
    func lookAlikesMadeBefore() async throws {
        let path = try TemporaryDirectory.make().appendingPathComponent("tudy.sqlite").path
        let store = try SQLiteChatStore(path: path, clock: .stepping(from: TestApp.start), hasher: Argon2idPasswordHasher(cost: .testing))
        _ = try await store.signUp(name: "ace", password: "password-ace")
        #expect(try await store.lookAlikeReport() == nil)
        // As a store made before looks were kept would hold it.
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(
                sql: "INSERT INTO user (name, name_key, look_key, password_hash) VALUES (?, ?, ?, 'x')",
                arguments: ["асе", Accounts.key("асе"), Accounts.look("асе")])
        }
        try queue.close()
        #expect(try await store.lookAlikeAccounts() == [["ace", "асе"]])
        #expect(try await store.lookAlikeReport()?.hasSuffix("ace, асе") == true)
        await #expect(throws: StoreError.nameLooksLike(name: "ａｃｅ", other: "ace")) { try await store.signUp(name: "ａｃｅ", password: "password-x") }
    }

    @Test("a SQLite store made before looks were kept has them filled in when it opens")
    func sqliteMigrationFillsLooks() async throws {
        let path = try TemporaryDirectory.make().appendingPathComponent("tudy.sqlite").path
        let hasher = Argon2idPasswordHasher(cost: .testing)
        _ = try await SQLiteChatStore(path: path, clock: .stepping(from: TestApp.start), hasher: hasher).signUp(name: "ace", password: "password-ace")
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: """
                    DROP INDEX user_by_look_key; ALTER TABLE user DROP COLUMN look_key;
                    DELETE FROM grdb_migrations WHERE identifier = 'v23 name looks'
                    """)
        }
        try queue.close()
        let store = try SQLiteChatStore(path: path, clock: .stepping(from: TestApp.start), hasher: hasher)
        await #expect(throws: StoreError.nameLooksLike(name: "асе", other: "ace")) { try await store.signUp(name: "асе", password: "password-x") }
    }

    @Test("a PostgreSQL database made before looks were kept has them filled in at migration; look-alikes made before are listed", .notQuick)
    func postgresLooks() async throws {
        let url = try await PostgresTestCluster.newDatabase()
        let first = try await PostgresTestCluster.store(at: url)
        _ = try await first.signUp(name: "ace", password: "password-ace")
        await first.close()
        for statement in ["DELETE FROM tudy_migration WHERE version = 18", "DROP INDEX user_by_look_key", "ALTER TABLE users DROP COLUMN look_key"] {
            try await PostgresTestCluster.administer(statement, in: url)
        }
        let store = try await PostgresTestCluster.store(at: url)
        defer { Task { await store.close() } }
        await #expect(throws: StoreError.nameLooksLike(name: "асе", other: "ace")) { try await store.signUp(name: "асе", password: "password-x") }
        try await PostgresTestCluster.administer(
            "INSERT INTO users (name, name_key, look_key, password_hash) VALUES ('асе', '\(Accounts.key("асе"))', '\(Accounts.look("асе"))', 'x')",
            in: url)
        #expect(try await store.lookAlikeAccounts() == [["ace", "асе"]])
    }

    /// The look the subset of TS #39 before ICU's whole table gave Greek `Νick`: its `Ν` folded
    /// to `ν`, which passes for `v`.
    private static let oldLook = "vick"

    @Test("a SQLite store whose looks came from the subset of TS #39 has them made again from the whole table when it opens, and the look-alikes listed")
    func sqliteLooksMadeAgain() async throws {
        let path = try TemporaryDirectory.make().appendingPathComponent("tudy.sqlite").path
        let hasher = Argon2idPasswordHasher(cost: .testing)
        _ = try await SQLiteChatStore(path: path, clock: .stepping(from: TestApp.start), hasher: hasher).signUp(name: "nick", password: "password-nick")
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(
                sql: "INSERT INTO user (name, name_key, look_key, password_hash) VALUES (?, ?, ?, 'x')",
                arguments: ["Νick", Accounts.key("Νick"), Self.oldLook])
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v24 name looks by TS 39'")
        }
        try queue.close()
        let store = try SQLiteChatStore(path: path, clock: .stepping(from: TestApp.start), hasher: hasher)
        #expect(try await store.lookAlikeAccounts() == [["nick", "Νick"]])
        _ = try await store.signUp(name: "vick", password: "password-vick")
    }

    @Test("a PostgreSQL database whose looks came from the subset of TS #39 has them made again from the whole table at migration, and the look-alikes listed", .notQuick)
    func postgresLooksMadeAgain() async throws {
        let url = try await PostgresTestCluster.newDatabase()
        let first = try await PostgresTestCluster.store(at: url)
        _ = try await first.signUp(name: "nick", password: "password-nick")
        await first.close()
        for statement in [
            "INSERT INTO users (name, name_key, look_key, password_hash) VALUES ('Νick', '\(Accounts.key("Νick"))', '\(Self.oldLook)', 'x')",
            "DELETE FROM tudy_migration WHERE version = 19",
        ] {
            try await PostgresTestCluster.administer(statement, in: url)
        }
        let store = try await PostgresTestCluster.store(at: url)
        defer { Task { await store.close() } }
        #expect(try await store.lookAlikeAccounts() == [["nick", "Νick"]])
        _ = try await store.signUp(name: "vick", password: "password-vick")
    }
}
