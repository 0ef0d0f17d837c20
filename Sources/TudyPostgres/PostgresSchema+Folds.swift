import Logging
import PostgresNIO
import TudyCore

// What a migration computes in Swift, row by row: folds SQL can not make.
extension PostgresSchema {
    /// Sets `search_text` to `CaseFolding.search` of the `text` expression wherever they differ,
    /// a thousand rows at a time. Printable ASCII and Hangul syllables fold as they always did
    /// (by `lower()` too), so only rows with something else are read.
    static func refoldSearchText(
        of table: String, text: String, on connection: PostgresConnection, logger: Logger
    ) async throws {
        var after: Int64 = 0
        while true {
            var last: Int64?
            var changes: [(id: Int64, folded: String)] = []
            let rows = try await connection.query(
                """
                SELECT id, \(unescaped: text), search_text FROM \(unescaped: table)
                WHERE id > \(after) AND \(unescaped: text) ~ '[^ -~가-힣]' ORDER BY id LIMIT 1000
                """, logger: logger)
            for try await (id, text, searchText) in rows.decode((Int64, String, String).self) {
                last = id
                let folded = CaseFolding.search(text)
                // Byte for byte: Swift's == holds a decomposed text equal to its composed form.
                if !folded.utf8.elementsEqual(searchText.utf8) { changes.append((id, folded)) }
            }
            for change in changes {
                try await connection.query(
                    "UPDATE \(unescaped: table) SET search_text = \(change.folded) WHERE id = \(change.id)", logger: logger)
            }
            guard let last else { return }
            after = last
        }
    }

    /// Sets each account's `look_key` to its name's look, a thousand at a time.
    static func fillLooks(on connection: PostgresConnection, logger: Logger) async throws {
        var after: Int64 = 0
        while true {
            var rows: [(id: Int64, name: String)] = []
            for try await row in try await connection.query(
                "SELECT id, name FROM users WHERE id > \(after) ORDER BY id LIMIT 1000", logger: logger
            ).decode((Int64, String).self) {
                rows.append(row)
            }
            for row in rows {
                try await connection.query("UPDATE users SET look_key = \(Accounts.look(row.name)) WHERE id = \(row.id)", logger: logger)
            }
            guard let last = rows.last else { return }
            after = last.id
        }
    }
}
