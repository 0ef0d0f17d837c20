import GRDB
import TudyCore

/// The tables of a tudy store, built by named migrations.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 users, posts, rooms, messages") { db in
            try createFirstTables(db)
        }
        migrator.registerMigration("v2 marked as tudy's") { db in
            // Tells a tudy store from another program's SQLite file before anything is written to it.
            try db.execute(sql: "PRAGMA application_id = \(StoreFile.applicationID)")
        }
        migrator.registerMigration("v3 sessions") { db in
            // A session is kept as the hash of its token, so a copy of the file logs nobody in.
            try db.execute(sql: """
                    CREATE TABLE session (
                        token_hash TEXT PRIMARY KEY,
                        user_id INTEGER NOT NULL REFERENCES user(id),
                        expires_at DATETIME NOT NULL
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v4 message keys") { db in
            // The sender's name for a message, so that a retried send stores it once.
            try db.execute(sql: """
                    ALTER TABLE message ADD COLUMN client_key TEXT;
                    CREATE UNIQUE INDEX message_by_client_key ON message(sender_id, client_key) WHERE client_key IS NOT NULL;
                    """)
        }
        migrator.registerMigration("v5 names of any script") { db in
            // SQLite's NOCASE folds ASCII only; names of every script are compared by a key
            // tudy folds, kept beside the name and unique.
            try db.execute(sql: "ALTER TABLE user ADD COLUMN name_key TEXT")
            for row in try Row.fetchAll(db, sql: "SELECT id, name FROM user") {
                try db.execute(
                    sql: "UPDATE user SET name_key = ? WHERE id = ?", arguments: [Accounts.key(row["name"]), row["id"] as Int64])
            }
            try db.execute(sql: "CREATE UNIQUE INDEX user_by_name_key ON user(name_key)")
        }
        migrator.registerMigration("v6 message search") { db in
            // `/find`: each message's text folded by tudy (SQLite folds ASCII only), and a
            // trigram index of it that triggers keep in step with `message` in the same
            // transaction, so that a word is found inside longer ones in every script.
            try db.execute(sql: "ALTER TABLE message ADD COLUMN search_text TEXT NOT NULL DEFAULT ''")
            for row in try Row.fetchAll(db, sql: "SELECT id, text FROM message") {
                try db.execute(
                    sql: "UPDATE message SET search_text = ? WHERE id = ?",
                    arguments: [CaseFolding.search(row["text"]), row["id"] as Int64])
            }
            try db.execute(sql: trigramIndex(of: "message"))
        }
        migrator.registerMigration("v7 edited and deleted messages") { db in
            // A change to a message is a row in `message_change` as well, so that a watcher in
            // another process finds it by key, as it finds new messages.
            try db.execute(sql: """
                    ALTER TABLE message ADD COLUMN status TEXT NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'edited', 'deleted'));
                    CREATE TABLE message_change (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        message_id INTEGER NOT NULL REFERENCES message(id)
                    );
                    """)
        }
        migrator.registerMigration("v8 board search") { db in
            // `/search`: each post's title and body folded by tudy, and a trigram index of
            // them kept in step by triggers, as messages have for `/find`.
            try db.execute(sql: "ALTER TABLE project ADD COLUMN search_text TEXT NOT NULL DEFAULT ''")
            for row in try Row.fetchAll(db, sql: "SELECT id, title, body FROM project") {
                try db.execute(
                    sql: "UPDATE project SET search_text = ? WHERE id = ?",
                    arguments: [ProjectQuery.searchText(title: row["title"], body: row["body"]), row["id"] as Int64])
            }
            try db.execute(sql: trigramIndex(of: "project"))
        }
        migrator.registerMigration("v9 search folds forms and full case") { db in
            // Search folds a letter typed another way (full-width, compatibility, decomposed)
            // and full case (`STRASSE`, `Straße`) as well: text folded before is folded again.
            try refoldSearchText(of: "message", text: "text", in: db)
            try refoldSearchText(of: "project", text: "title || char(10) || body", in: db)
        }
        migrator.registerMigration("v10 short words found by index") { db in
            // `/find` of a word of one or two letters, which no trigram is: the index's
            // vocabulary gives the trigrams that begin with it, and these indexes the messages
            // whose last two letters hold it, so that every place it can be is found without
            // reading every message.
            try db.execute(sql: """
                    CREATE INDEX message_search_tail ON message(substr(search_text, -2));
                    CREATE INDEX message_search_last ON message(substr(search_text, -1));
                    CREATE VIRTUAL TABLE message_search_vocabulary USING fts5vocab(message_search, 'row');
                    """)
        }
        migrator.registerMigration("v11 room changes") { db in
            // A row for each change of who is in a room, kept by triggers whoever writes, so
            // that the store's one watcher finds the rooms to read again by key, as it finds
            // new messages, instead of reading every watched user's rooms at each commit.
            try db.execute(sql: """
                    CREATE TABLE room_change (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        room_id INTEGER NOT NULL REFERENCES room(id)
                    );
                    CREATE TRIGGER room_change_admit AFTER INSERT ON membership BEGIN
                        INSERT INTO room_change (room_id) VALUES (new.room_id);
                    END;
                    CREATE TRIGGER room_change_move AFTER UPDATE OF is_member, position ON membership
                    WHEN old.is_member IS NOT new.is_member OR old.position IS NOT new.position BEGIN
                        INSERT INTO room_change (room_id) VALUES (new.room_id);
                    END;
                    CREATE TRIGGER room_change_remove AFTER DELETE ON membership BEGIN
                        INSERT INTO room_change (room_id) VALUES (old.room_id);
                    END;
                    """)
        }
        migrator.registerMigration("v12 session ends") { db in
            // The hash of each session that ended (logged out, or purged as expired), kept by a
            // trigger, so that the store's watcher ends that session's change streams, in this
            // process or another, as it finds news: nothing is told after a logout.
            try db.execute(sql: """
                    CREATE TABLE session_end (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        token_hash TEXT NOT NULL
                    );
                    CREATE TRIGGER session_end_delete AFTER DELETE ON session BEGIN
                        INSERT INTO session_end (token_hash) VALUES (old.token_hash);
                    END;
                    """)
        }
        migrator.registerMigration("v13 failed logins forgotten") { db in
            // Failures a day old are deleted at each login: found by this index, not by reading all.
            try db.execute(sql: "CREATE INDEX login_failure_by_time ON login_failure(last_failed_at)")
        }
        migrator.registerMigration("v14 the day each user joined") { db in
            // Null for the accounts made before: the day was not kept.
            try db.execute(sql: "ALTER TABLE user ADD COLUMN joined_at DATETIME")
        }
        migrator.registerMigration("v15 message kinds") { db in
            // What was sent before was words said.
            try db.execute(sql: "ALTER TABLE message ADD COLUMN kind TEXT NOT NULL DEFAULT 'text' CHECK (kind IN ('text', 'action'))")
        }
        migrator.registerMigration("v16 replies") { db in
            // The message a reply answers; none for those sent before.
            try db.execute(sql: "ALTER TABLE message ADD COLUMN reply_to INTEGER REFERENCES message(id)")
        }
        migrator.registerMigration("v17 study rooms") { db in
            // A post's study room (`/join`), named after it, and who its writer took out
            // (`/kick`); rooms made before have no name and are nobody's study room. A
            // deleted post leaves its room a group room like any other.
            try db.execute(sql: """
                    ALTER TABLE room ADD COLUMN name TEXT;
                    ALTER TABLE room ADD COLUMN project_id INTEGER REFERENCES project(id) ON DELETE SET NULL;
                    CREATE UNIQUE INDEX room_by_project ON room(project_id) WHERE project_id IS NOT NULL;
                    ALTER TABLE membership ADD COLUMN removed BOOLEAN NOT NULL DEFAULT 0;
                    """)
        }
        migrator.registerMigration("v18 room topics") { db in
            // `/topic`; a change of a room's name or topic is a room change its members are
            // told of, as a change of who is in it is (v11).
            try db.execute(sql: """
                    ALTER TABLE room ADD COLUMN topic TEXT;
                    CREATE TRIGGER room_change_face AFTER UPDATE OF name, topic ON room
                    WHEN old.name IS NOT new.name OR old.topic IS NOT new.topic BEGIN
                        INSERT INTO room_change (room_id) VALUES (new.id);
                    END;
                    """)
        }
        registerLater(in: &migrator)
        return migrator
    }

    /// Sets `search_text` to `CaseFolding.search` of the `text` expression wherever they differ
    /// (and with it, by trigger, the index), a thousand rows at a time. Printable ASCII and
    /// Hangul syllables fold as they always did, so only rows with something else are read.
    static func refoldSearchText(of table: String, text: String, in db: Database) throws {
        var after: Int64 = 0
        while true {
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT id, \(text) AS text, search_text FROM \(table)
                    WHERE id > ? AND \(text) GLOB '*[^ -~가-힣]*' ORDER BY id LIMIT 1000
                    """, arguments: [after])
            guard let last = rows.last else { return }
            for row in rows {
                let folded = CaseFolding.search(row["text"])
                // Byte for byte: Swift's == holds a decomposed text equal to its composed form.
                if !folded.utf8.elementsEqual((row["search_text"] as String).utf8) {
                    try db.execute(sql: "UPDATE \(table) SET search_text = ? WHERE id = ?", arguments: [folded, row["id"] as Int64])
                }
            }
            after = last["id"]
        }
    }

    /// A trigram index (FTS5, external content) of a table's `search_text`, named
    /// `<table>_search`, built from what the table holds and kept in step by triggers in the
    /// writing transaction, so that a word is found inside longer ones in every script.
    static func trigramIndex(of table: String) -> String {
        """
        CREATE VIRTUAL TABLE \(table)_search USING fts5(
            search_text, content = '\(table)', content_rowid = 'id', tokenize = 'trigram case_sensitive 1');
        INSERT INTO \(table)_search (\(table)_search) VALUES ('rebuild');
        CREATE TRIGGER \(table)_search_insert AFTER INSERT ON \(table) BEGIN
            INSERT INTO \(table)_search (rowid, search_text) VALUES (new.id, new.search_text);
        END;
        CREATE TRIGGER \(table)_search_delete AFTER DELETE ON \(table) BEGIN
            INSERT INTO \(table)_search (\(table)_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
        END;
        CREATE TRIGGER \(table)_search_update AFTER UPDATE OF search_text ON \(table) BEGIN
            INSERT INTO \(table)_search (\(table)_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
            INSERT INTO \(table)_search (rowid, search_text) VALUES (new.id, new.search_text);
        END;
        """
    }
}

extension StoreSchema {
    /// The tables of the first version, declared with GRDB's table builder, which writes the SQL.
    /// (Stores made before the builder was used hold the same tables, written out by hand.)
    fileprivate static func createFirstTables(_ db: Database) throws {
        try db.create(table: "user") { t in
            t.primaryKey("id", .integer)
            t.column("name", .text).notNull().unique().collate(.nocase)
            t.column("password_hash", .text).notNull()
        }
        try db.create(table: "login_failure") { t in
            // The builder's own text key would add NOT NULL; the first stores were made without it.
            t.column("name", .text).primaryKey().collate(.nocase)
            t.column("count", .integer).notNull()
            t.column("last_failed_at", .datetime).notNull()
        }
        try db.create(table: "project") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("title", .text).notNull()
            t.column("body", .text).notNull()
            t.column("capacity", .integer).notNull()
            t.column("writer_id", .integer).notNull().references("user", column: "id")
            t.column("is_open", .boolean).notNull().defaults(to: true)
            t.column("created_at", .datetime).notNull()
        }
        try db.create(table: "project_work") { t in
            t.column("project_id", .integer).notNull().references("project", column: "id", onDelete: .cascade)
            t.column("position", .integer).notNull()
            t.column("work", .text).notNull()
            t.primaryKey(["project_id", "position"])
        }
        try db.create(index: "project_work_by_work", on: "project_work", columns: ["work", "project_id"])
        try db.create(table: "room") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("kind", .text).notNull().check(sql: "kind IN ('direct', 'group')")
            t.column("direct_key", .text).unique()
        }
        try db.create(table: "membership") { t in
            t.column("room_id", .integer).notNull().references("room", column: "id")
            t.column("user_id", .integer).notNull().references("user", column: "id")
            t.column("position", .integer).notNull()
            t.column("is_member", .boolean).notNull().defaults(to: true)
            t.column("last_read_message_id", .integer).notNull().defaults(to: 0)
            t.primaryKey(["room_id", "user_id"])
        }
        try db.create(index: "membership_by_user", on: "membership", columns: ["user_id", "is_member"])
        try db.create(table: "message") { t in
            t.autoIncrementedPrimaryKey("id")
            t.column("room_id", .integer).notNull().references("room", column: "id")
            t.column("sender_id", .integer).notNull().references("user", column: "id")
            t.column("text", .text).notNull()
            t.column("sent_at", .datetime).notNull()
        }
        try db.create(index: "message_by_room", on: "message", columns: ["room_id", "id"])
    }
}
