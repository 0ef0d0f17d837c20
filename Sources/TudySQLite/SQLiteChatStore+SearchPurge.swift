import GRDB

// An unsent message's trigrams out of the search index, in steps short enough that no other
// writer waits long for them.
extension SQLiteChatStore {
    /// Pages of the index a step of `purgeSearchIndex` merges: some hundredths of a second of
    /// work at 1,000,000 messages, up to half a second at 10,000,000.
    static let defaultSearchMergePages = 250

    /// Drops the trigrams of unsent messages from the search index. FTS5 keeps a deleted row's
    /// terms (trigrams, with their places, from which the text can be read back) in its older
    /// segments, and writes them again in the delete marker, until the two meet in a merge;
    /// SQLite before 3.42 has no secure-delete for FTS5. A merge of every segment drops both.
    ///
    /// That merge rewrites the whole index (about a second at 1,000,000 messages, nine at
    /// 10,000,000, near the busy timeout), so it runs in steps, each a transaction of its own:
    /// another writer (a send from another process, another client of tudy serve) waits for
    /// a step, not for the merge. The first step starts a merge of every segment there is,
    /// the next go on with it, until one does no work: fewer than two changes, as SQLite
    /// documents. A failure leaves the rest to the next unsend, whose first step takes in
    /// what this one left.
    func purgeSearchIndex() async {
        do {
            // A bound, in case others' writes kept giving the merge work: twice the steps
            // that would write the index as it is once over.
            var stepsLeft = try await read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM message_search_data") ?? 0
            } / searchMergePages * 2 + 2
            var pages = -searchMergePages
            while stepsLeft > 0, try await write({ [pages] db in try Self.mergeSearchIndex(pages: pages, in: db) }) {
                pages = searchMergePages
                stepsLeft -= 1
            }
        } catch {}
    }

    /// Merges `pages` pages of the search index, zeroing what it frees; a negative count
    /// first puts every segment into one merge. - Returns: whether there was work to do.
    private static func mergeSearchIndex(pages: Int, in db: Database) throws -> Bool {
        try db.execute(sql: "PRAGMA secure_delete = ON")
        defer { try? db.execute(sql: "PRAGMA secure_delete = FAST") }
        let before = db.totalChangesCount
        try db.execute(sql: "INSERT INTO message_search (message_search, rank) VALUES ('merge', ?)", arguments: [pages])
        return db.totalChangesCount - before >= 2
    }
}
