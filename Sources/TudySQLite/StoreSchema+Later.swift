import GRDB
import TudyCore

extension StoreSchema {
    /// The migrations after v18, kept here so that the first file stays short.
    static func registerLater(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v19 reactions") { db in
            // Who set which emoji on which message (`/react`), in the order they were set;
            // keyed by message and emoji, so that a message's are counted in that order
            // without a sort.
            try db.execute(sql: """
                    CREATE TABLE reaction (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        message_id INTEGER NOT NULL REFERENCES message(id),
                        user_id INTEGER NOT NULL REFERENCES user(id),
                        emoji TEXT NOT NULL,
                        UNIQUE (message_id, emoji, user_id)
                    );
                    """)
        }
        migrator.registerMigration("v20 quiet") { db in
            // Rooms muted and people ignored (`/mute`, `/ignore`), kept with the account so
            // that every client of its obeys them.
            try db.execute(sql: """
                    ALTER TABLE membership ADD COLUMN muted BOOLEAN NOT NULL DEFAULT 0;
                    CREATE TABLE ignoring (
                        user_id INTEGER NOT NULL REFERENCES user(id),
                        ignored_id INTEGER NOT NULL REFERENCES user(id),
                        PRIMARY KEY (user_id, ignored_id)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v21 read marks told") { db in
            // Each move of a member's read mark, kept by a trigger whoever writes, so that the
            // store's watcher tells the room's members by key (the counts of who has not read
            // a message yet), as it tells them of new messages.
            try db.execute(sql: """
                    CREATE TABLE read_change (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        room_id INTEGER NOT NULL REFERENCES room(id),
                        user_id INTEGER NOT NULL REFERENCES user(id),
                        up_to INTEGER NOT NULL
                    );
                    CREATE TRIGGER read_change_move AFTER UPDATE OF last_read_message_id ON membership
                    WHEN new.last_read_message_id > old.last_read_message_id BEGIN
                        INSERT INTO read_change (room_id, user_id, up_to) VALUES (new.room_id, new.user_id, new.last_read_message_id);
                    END;
                    """)
        }
        migrator.registerMigration("v22 invitations") { db in
            // Invitations waiting for an answer (`/invite` of someone who shares no group room
            // with the inviter): one per person and room, found by invitee, counted by inviter.
            try db.execute(sql: """
                    CREATE TABLE invitation (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        room_id INTEGER NOT NULL REFERENCES room(id),
                        invitee_id INTEGER NOT NULL REFERENCES user(id),
                        inviter_id INTEGER NOT NULL REFERENCES user(id),
                        sent_at DATETIME NOT NULL,
                        UNIQUE (invitee_id, room_id)
                    );
                    CREATE INDEX invitation_by_inviter ON invitation(inviter_id);
                    """)
        }
        migrator.registerMigration("v23 name looks") { db in
            // How each name looks (`Accounts.look`), so that no new name looks like one taken.
            // Accounts made before that look alike keep their names (`lookAlikeAccounts`).
            try db.execute(sql: "ALTER TABLE user ADD COLUMN look_key TEXT")
            try fillLooks(db)
            try db.execute(sql: "CREATE INDEX user_by_look_key ON user(look_key)")
        }
        migrator.registerMigration("v24 name looks by TS 39") { db in
            // Looks from the whole of TS #39's confusables (ICU's), where they were a subset.
            try fillLooks(db)
        }
        migrator.registerMigration("v25 notices") { db in
            // A room's pinned notice (`/notice`), one at a time, and who of its members has read
            // it; each change of either is a change of the room for its watchers.
            try db.execute(sql: """
                    CREATE TABLE notice (
                        room_id INTEGER PRIMARY KEY REFERENCES room(id),
                        text TEXT NOT NULL,
                        writer_id INTEGER NOT NULL REFERENCES user(id),
                        pinned_at DATETIME NOT NULL
                    );
                    ALTER TABLE membership ADD COLUMN notice_read BOOLEAN NOT NULL DEFAULT 0;
                    \(roomChanges("notice", on: "notice", after: ["INSERT", "UPDATE", "DELETE"]))
                    CREATE TRIGGER room_change_notice_read AFTER UPDATE OF notice_read ON membership
                    WHEN old.notice_read IS NOT new.notice_read AND new.is_member BEGIN
                        INSERT INTO room_change (room_id) VALUES (new.room_id);
                    END;
                    """)
        }
        migrator.registerMigration("v26 timers") { db in
            // A room's focus/break timer (`/timer`), one at a time; starting or stopping it is
            // a change of the room for its watchers.
            try db.execute(sql: """
                    CREATE TABLE room_timer (
                        room_id INTEGER PRIMARY KEY REFERENCES room(id),
                        focus_minutes INTEGER NOT NULL,
                        break_minutes INTEGER NOT NULL,
                        rounds INTEGER NOT NULL,
                        started_at DATETIME NOT NULL,
                        started_by INTEGER NOT NULL REFERENCES user(id)
                    );
                    \(roomChanges("timer", on: "room_timer", after: ["INSERT", "UPDATE", "DELETE"]))
                    """)
        }
        migrator.registerMigration("v27 sessions") { db in
            // A room's study sessions (`/session`) and each member's answer for a meeting of one
            // (`/rsvp`), in the order given; each change is a change of the room. A session's
            // answers go before it does, while the room they tell of is still found.
            try db.execute(sql: """
                    CREATE TABLE study_session (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        room_id INTEGER NOT NULL REFERENCES room(id),
                        starts_at DATETIME NOT NULL,
                        minutes INTEGER NOT NULL,
                        weekly BOOLEAN NOT NULL,
                        created_by INTEGER NOT NULL REFERENCES user(id)
                    );
                    CREATE INDEX study_session_by_room ON study_session(room_id);
                    CREATE TABLE session_answer (
                        session_id INTEGER NOT NULL REFERENCES study_session(id),
                        user_id INTEGER NOT NULL REFERENCES user(id),
                        meeting DATETIME NOT NULL,
                        reply TEXT NOT NULL,
                        PRIMARY KEY (session_id, user_id, meeting)
                    );
                    \(roomChanges("session", on: "study_session", after: ["INSERT", "DELETE"]))
                    \(roomChanges("answer", on: "session_answer", after: ["INSERT", "DELETE"]) {
                        "SELECT room_id FROM study_session WHERE id = \($0).session_id"
                    })
                    """)
        }
        migrator.registerMigration("v28 attendance") { db in
            // Who came to each meeting (`/checkin`, `/checkout`): kept by room, outliving a
            // session cancelled, read back by meeting for the roll (`/attendance`).
            try db.execute(sql: """
                    CREATE TABLE attendance (
                        room_id INTEGER NOT NULL REFERENCES room(id),
                        session_id INTEGER NOT NULL,
                        meeting DATETIME NOT NULL,
                        user_id INTEGER NOT NULL REFERENCES user(id),
                        checked_in_at DATETIME NOT NULL,
                        checked_out_at DATETIME,
                        PRIMARY KEY (session_id, meeting, user_id)
                    );
                    CREATE INDEX attendance_by_room ON attendance(room_id, meeting);
                    """)
        }
    }

    /// Triggers that note each change of a table's rows (`after` these statements) as a change
    /// of their room, for the room's watchers to read it again (`room_change`).
    /// - Parameter room: what names the room, given `new` or `old` for the row.
    private static func roomChanges(
        _ name: String, on table: String, after statements: [String], room: (String) -> String = { "VALUES (\($0).room_id)" }
    ) -> String {
        statements.map { statement in
            let row = statement == "DELETE" ? "old" : "new"
            return """
                CREATE TRIGGER room_change_\(name)_\(statement.lowercased()) AFTER \(statement) ON \(table) BEGIN
                    INSERT INTO room_change (room_id) \(room(row));
                END;
                """
        }.joined(separator: "\n")
    }

    /// Sets each account's `look_key` to its name's look (`Accounts.look`).
    private static func fillLooks(_ db: Database) throws {
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM user") {
            try db.execute(sql: "UPDATE user SET look_key = ? WHERE id = ?", arguments: [Accounts.look(row["name"]), row["id"] as Int64])
        }
    }
}
