import Foundation
import GRDB
import TudyKit

// `/find` of words too short for a trigram. One of two letters is found by index: it is at the
// end of a message (`message_search_tail`) or begins one of its trigrams, which the index's
// vocabulary lists. Reading that vocabulary costs as much as the word is common, so the
// store's newest messages are read first, where a common word fills the page at once.
extension SQLiteChatStore {
    /// How many of the store's newest messages are read before a two-letter word is looked up.
    static let recentWindow = 2_000
    /// The most trigrams a two-letter word is looked up by; past it, rooms are read instead.
    static let pairTrigramLimit = 64

    /// Messages in the user's rooms, newest first, that hold every one of `words`, none of them
    /// long enough for a trigram.
    static func messages(holdingShort words: [String], userID: Int64, limit: Int, in db: Database) throws -> [Message] {
        if let pair = words.first(where: { $0.unicodeScalars.count == 2 }) {
            let recent = try roomsNewestFirst(holding: words, userID: userID, limit: limit, newest: recentWindow, in: db)
            if recent.count == limit { return recent }
            if let found = try messages(holdingPair: pair, and: words.filter { $0 != pair }, userID: userID, limit: limit, in: db) {
                return found
            }
        }
        return try roomsNewestFirst(holding: words, userID: userID, limit: limit, in: db)
    }

    /// Each of the user's rooms read newest first, by its index, up to the newest `limit`
    /// messages that hold every one of `words`, so that a word most messages hold stops early;
    /// only the store's `newest` messages, when given. The newest `limit` of them all.
    private static func roomsNewestFirst(
        holding words: [String], userID: Int64, limit: Int, newest: Int? = nil, in db: Database
    ) throws -> [Message] {
        let candidates = searchTerms(words, table: "candidate")
        let window = newest == nil ? "" : " AND candidate.id > (SELECT max(id) FROM message) - ?"
        return try messages(
            from: """
                membership JOIN message ON message.id IN (
                    SELECT id FROM message AS candidate
                    WHERE candidate.room_id = membership.room_id\(window) AND \(candidates.likes.joined(separator: " AND "))
                    ORDER BY candidate.id DESC LIMIT ?)
                """,
            where: "membership.user_id = ? AND membership.is_member ORDER BY message.id DESC LIMIT ?",
            arguments: StatementArguments(
                (newest.map { [$0.databaseValue] } ?? []) + candidates.patterns
                    + [limit.databaseValue, userID.databaseValue, limit.databaseValue]),
            in: db)
    }

    /// Messages in the user's rooms, newest first, that hold `pair`, a word of two letters (code
    /// points), and each of `others`; nil when more than `pairTrigramLimit` trigrams begin with it.
    private static func messages(
        holdingPair pair: String, and others: [String], userID: Int64, limit: Int, in db: Database
    ) throws -> [Message]? {
        let trigrams = try String.fetchAll(
            db, sql: "SELECT term FROM message_search_vocabulary WHERE term >= ? AND term <= ? LIMIT ?",
            arguments: [pair, pair + "\u{10FFFF}\u{10FFFF}", pairTrigramLimit + 1])
        guard trigrams.count <= pairTrigramLimit else { return nil }
        let filters = searchTerms(others, table: "message")
        let conditions = (["message.room_id IN (SELECT room_id FROM membership WHERE user_id = ? AND is_member)"] + filters.likes)
            .joined(separator: " AND ")
        var arms = ["SELECT message.id FROM message WHERE substr(message.search_text, -2) = ? AND \(conditions)"]
        var arguments = [pair.databaseValue, userID.databaseValue] + filters.patterns
        if !trigrams.isEmpty {
            // The index's own rowid, so that it gives its matches newest first, as the merge reads them.
            arms.append("""
                SELECT message_search.rowid FROM message_search JOIN message ON message.id = message_search.rowid
                WHERE message_search MATCH ? AND \(conditions)
                """)
            let phrases = trigrams.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            arguments += [phrases.joined(separator: " OR ").databaseValue, userID.databaseValue] + filters.patterns
        }
        return try messages(
            where: "message.id IN (\(arms.joined(separator: " UNION ")) ORDER BY 1 DESC LIMIT ?) ORDER BY message.id DESC",
            arguments: StatementArguments(arguments + [limit.databaseValue]), in: db)
    }
}
