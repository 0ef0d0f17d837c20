import GRDB

extension StoreSchema {
    /// Invitations waiting for an answer (`/invite` of someone who shares no group room with
    /// the inviter): one per person and room, found by invitee and counted by inviter.
    static func registerInvitations(in migrator: inout DatabaseMigrator) {
        migrator.registerMigration("v22 invitations") { db in
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
    }
}
