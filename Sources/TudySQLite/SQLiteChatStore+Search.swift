import Foundation
import GRDB
import TudyCore

// `/find` and the board's `/search`: the trigram index for the words long enough for it,
// `LIKE` for the shorter ones (for `/find` of short words only, see `+ShortWords`); `/find`
// only in the user's rooms.
extension SQLiteChatStore {
    package func findMessages(_ words: [String], for session: Session, before: Int?, limit: Int) async throws -> [Message] {
        try MessageSearch.check(words)
        guard !words.isEmpty else { return [] }
        let now = clock.now()
        return try await read { db in
            let userID = try Self.signedIn(session.token, now: now, in: db).id
            let terms = Self.searchTerms(words, table: "message")
            guard let match = terms.match else {
                return try Self.messages(holdingShort: words, userID: userID, before: before, limit: limit, in: db)
            }
            // Read from the index newest first, so that a word thousands of messages hold
            // stops at the newest in the user's rooms, not after every match is read and sorted.
            let conditions = ["message_search MATCH ?", "message.room_id IN (SELECT room_id FROM membership WHERE user_id = ? AND is_member)"]
            let older = Self.condition(olderThan: before, column: "message_search.rowid")
            return try Self.messages(
                from: "message_search JOIN message ON message.id = message_search.rowid",
                where: (conditions + terms.likes + older.sql).joined(separator: " AND ") + " ORDER BY message_search.rowid DESC LIMIT ?",
                arguments: StatementArguments(
                    [match.databaseValue, userID.databaseValue] + terms.patterns + older.values + [limit.databaseValue]),
                in: db)
        }
    }

    /// The condition that `column`, a message id, is older than `before`, with its value;
    /// none when `before` is nil.
    static func condition(olderThan before: Int?, column: String) -> (sql: [String], values: [DatabaseValue]) {
        guard let before else { return ([], []) }
        return (["\(column) < ?"], [before.databaseValue])
    }

    /// How `table`'s rows whose `search_text` holds every one of `words` (folded) are found:
    /// the FTS5 query of its trigram index (`<table>_search`) for the words of three characters
    /// or more, each a quoted phrase (nil when there are none), and a `LIKE` condition, with its
    /// pattern, for each shorter one, which a trigram can not hold.
    static func searchTerms(
        _ words: [String], table: String
    ) -> (match: String?, likes: [String], patterns: [DatabaseValue]) {
        let long = words.filter { $0.count >= MessageSearch.indexedWordLength }
        let short = words.filter { $0.count < MessageSearch.indexedWordLength }
        let phrases = long.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        return (
            phrases.isEmpty ? nil : phrases.joined(separator: " "),
            short.map { _ in "\(table).search_text LIKE ? ESCAPE '\\'" },
            short.map { MessageSearch.likePattern($0).databaseValue })
    }

    /// SQL that holds for a row of `table` whose `search_text` holds every one of `words`
    /// (`searchTerms`): the index for the long words, `LIKE` in what it left for the short
    /// ones. No words: every row.
    static func searchCondition(_ words: [String], table: String) -> (sql: String, arguments: StatementArguments) {
        let terms = searchTerms(words, table: table)
        var conditions = terms.likes
        var arguments = terms.patterns
        if let match = terms.match {
            conditions.insert("\(table).id IN (SELECT rowid FROM \(table)_search WHERE \(table)_search MATCH ?)", at: 0)
            arguments.insert(match.databaseValue, at: 0)
        }
        return (conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), StatementArguments(arguments))
    }
}
