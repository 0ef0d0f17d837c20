import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudyPostgres

extension PostgresStoreTests {
    /// Each message index by name, with the options the database keeps for it.
    private static func messageIndexOptions(in url: String) async throws -> [String] {
        try await PostgresTestCluster.strings(
            """
            SELECT relname || ' ' || coalesce(array_to_string(reloptions, ','), '') FROM pg_class
            WHERE relname IN ('message_letters_and_pairs', 'message_search_trigrams') ORDER BY relname
            """, in: url)
    }

    @Test("the message indexes keep short lists of entries not yet merged in: in a new database, in one from before, and where the trigram index is made at a later start")
    func shortPendingLists() async throws {
        let limit = "gin_pending_list_limit=\(PostgresSchema.pendingListKiB)"
        let short = ["message_letters_and_pairs \(limit)", "message_search_trigrams \(limit)"]
        let url = try await PostgresTestCluster.newDatabase()
        await (try await PostgresTestCluster.store(at: url)).close()
        #expect(try await Self.messageIndexOptions(in: url) == short, "in a new database")

        // As a database from before: PostgreSQL's own limit, migration 16 not run.
        for index in ["message_letters_and_pairs", "message_search_trigrams"] {
            try await PostgresTestCluster.administer("ALTER INDEX \(index) RESET (gin_pending_list_limit)", in: url)
        }
        try await PostgresTestCluster.administer("DELETE FROM tudy_migration WHERE version = 16", in: url)
        #expect(try await Self.messageIndexOptions(in: url) == ["message_letters_and_pairs ", "message_search_trigrams "])
        await (try await PostgresTestCluster.store(at: url)).close()
        #expect(try await Self.messageIndexOptions(in: url) == short, "after a start on a database from before")

        // As a database whose role could not add pg_trgm until now.
        try await PostgresTestCluster.administer("DROP EXTENSION pg_trgm CASCADE", in: url)
        await (try await PostgresTestCluster.store(at: url)).close()
        #expect(try await Self.messageIndexOptions(in: url) == short, "with the trigram index made at a later start")
    }
}
