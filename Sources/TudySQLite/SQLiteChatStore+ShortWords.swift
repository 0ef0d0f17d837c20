import Foundation
import GRDB
import TudyCore

// `/find` of words too short for a trigram. One of one or two letters is found by index: where
// it is not among a message's last two letters, it begins one of its trigrams, which the
// index's vocabulary lists; where it is, the indexes of each message's last two letters
// (`message_search_tail`) and last letter (`message_search_last`) find it. Reading that
// vocabulary costs as much as the word is common, so the store's newest messages are read
// first, where a common word fills the page at once.
extension SQLiteChatStore {
    /// How many of the store's newest messages are read before a short word is looked up.
    static let recentWindow = 2_000
    /// The most trigrams a short word is looked up by; past it, rooms are read instead.
    static let trigramLimit = 64

    /// Messages in the user's rooms, newest first, that hold every one of `words`, none of them
    /// long enough for a trigram; only those older than the message `before`, when given.
    static func messages(holdingShort words: [String], userID: Int64, before: Int?, limit: Int, in db: Database) throws -> [Message] {
        // A word of two letters leads, as fewer messages hold it than one of its letters.
        let lead = words.first { $0.unicodeScalars.count == 2 } ?? words.first { $0.unicodeScalars.count == 1 }
        if let lead {
            let recent = try roomsNewestFirst(holding: words, userID: userID, before: before, limit: limit, newest: recentWindow, in: db)
            if recent.count == limit { return recent }
            if let found = try messages(
                holdingLead: lead, and: words.filter { $0 != lead }, userID: userID, before: before, limit: limit, in: db)
            {
                return found
            }
        }
        return try roomsNewestFirst(holding: words, userID: userID, before: before, limit: limit, in: db)
    }

    /// Each of the user's rooms read newest first, by its index, up to the newest `limit`
    /// messages that hold every one of `words`, so that a word most messages hold stops early;
    /// only the store's `newest` messages (the `newest` before the message `before`, when
    /// given), when given. The newest `limit` of them all.
    private static func roomsNewestFirst(
        holding words: [String], userID: Int64, before: Int?, limit: Int, newest: Int? = nil, in db: Database
    ) throws -> [Message] {
        let candidates = searchTerms(words, table: "candidate")
        var window: (sql: String, values: [DatabaseValue]) = ("", [])
        switch (newest, before) {
        case (nil, nil): break
        case (let newest?, nil): window = (" AND candidate.id > (SELECT max(id) FROM message) - ?", [newest.databaseValue])
        case (let newest?, let before?):
            window = (" AND candidate.id < ? AND candidate.id > ?", [before.databaseValue, (before - newest).databaseValue])
        case (nil, let before?): window = (" AND candidate.id < ?", [before.databaseValue])
        }
        return try messages(
            from: """
                membership JOIN message ON message.id IN (
                    SELECT id FROM message AS candidate
                    WHERE candidate.room_id = membership.room_id\(window.sql) AND \(candidates.likes.joined(separator: " AND "))
                    ORDER BY candidate.id DESC LIMIT ?)
                """,
            where: "membership.user_id = ? AND membership.is_member ORDER BY message.id DESC LIMIT ?",
            arguments: StatementArguments(
                window.values + candidates.patterns + [limit.databaseValue, userID.databaseValue, limit.databaseValue]),
            in: db)
    }

    /// Messages in the user's rooms, newest first, that hold `lead`, a word of one or two
    /// letters (code points), and each of `others`; nil when more than `trigramLimit` trigrams
    /// begin with it.
    private static func messages(
        holdingLead lead: String, and others: [String], userID: Int64, before: Int?, limit: Int, in db: Database
    ) throws -> [Message]? {
        let last = "\u{10FFFF}"
        let trigrams = try String.fetchAll(
            db, sql: "SELECT term FROM message_search_vocabulary WHERE term >= ? AND term <= ? LIMIT ?",
            arguments: [lead, lead + last + last, trigramLimit + 1])
        guard trigrams.count <= trigramLimit else { return nil }
        // Where the word is among a message's last two letters.
        var endings: [(sql: String, values: [String])] = [("substr(message.search_text, -2) = ?", [lead])]
        if lead.unicodeScalars.count == 1 {
            endings = [
                ("substr(message.search_text, -2) BETWEEN ? AND ?", [lead, lead + last]),
                ("substr(message.search_text, -1) = ?", [lead]),
            ]
        }
        let filters = searchTerms(others, table: "message")
        let older = condition(olderThan: before, column: "message.id")
        // `+`: a room is never read through by its index here, whatever SQLite would guess.
        let conditions = (["+message.room_id IN (SELECT room_id FROM membership WHERE user_id = ? AND is_member)"] + filters.likes + older.sql)
            .joined(separator: " AND ")
        var arms: [String] = []
        var arguments: [DatabaseValue] = []
        for ending in endings {
            arms.append("SELECT message.id FROM message WHERE \(ending.sql) AND \(conditions)")
            arguments += ending.values.map(\.databaseValue) + [userID.databaseValue] + filters.patterns + older.values
        }
        if !trigrams.isEmpty {
            // The index's own rowid, so that it gives its matches newest first, as the merge reads them.
            arms.append("""
                SELECT message_search.rowid FROM message_search JOIN message ON message.id = message_search.rowid
                WHERE message_search MATCH ? AND \(conditions)
                """)
            let phrases = trigrams.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
            arguments += [phrases.joined(separator: " OR ").databaseValue, userID.databaseValue] + filters.patterns + older.values
        }
        return try messages(
            where: "message.id IN (\(arms.joined(separator: " UNION ")) ORDER BY 1 DESC LIMIT ?) ORDER BY message.id DESC",
            arguments: StatementArguments(arguments + [limit.databaseValue]), in: db)
    }
}
