import GRDB
import TudyKit

extension StoreSchema {
    /// The migrations after v21, kept here so that the first file stays short.
    static func registerLater(in migrator: inout DatabaseMigrator) {
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
    }

    /// Sets each account's `look_key` to its name's look (`Accounts.look`).
    private static func fillLooks(_ db: Database) throws {
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM user") {
            try db.execute(sql: "UPDATE user SET look_key = ? WHERE id = ?", arguments: [Accounts.look(row["name"]), row["id"] as Int64])
        }
    }
}
