import Logging
import PostgresNIO
import TudyCore

/// The store's tables, made by versioned migrations that run at start; several servers
/// starting at once take turns through an advisory lock.
enum PostgresSchema {
    // Message order: a send locks its room's row (`FOR NO KEY UPDATE`) until it commits and
    // takes its id under that lock, so that within a room ids are taken in commit order and no
    // reader's "after id" cursor in that room can pass a message still being written. Across
    // rooms ids are in no such order, so every cursor is kept per room: the feed's, each
    // follower's, and a client's catch-up after a reconnection. (Older servers took one lock
    // for all rooms, so every send on every server waited for the one before it to commit;
    // an older server and a newer one must not serve one database at once.)
    private static let migrationLock = 7_261_000

    /// One step of a migration: a statement, or work done here in Swift.
    enum Step: ExpressibleByStringLiteral {
        case sql(String)
        /// `search_text` folded again by `CaseFolding.search`, where it differs.
        case refoldSearchText
        /// Each account's `look_key` set to its name's look (`Accounts.look`).
        case fillLooks

        init(stringLiteral sql: String) { self = .sql(sql) }
    }

    private static let migrations: [(version: Int, steps: [Step])] = accountsAndMessages + roomBoard

    private static let accountsAndMessages: [(version: Int, steps: [Step])] = [
        (1, [
            """
            CREATE TABLE users (
                id BIGSERIAL PRIMARY KEY,
                name TEXT NOT NULL,
                name_key TEXT NOT NULL UNIQUE,
                password_hash TEXT NOT NULL
            )
            """,
            """
            CREATE TABLE login_failure (
                name_key TEXT PRIMARY KEY,
                count INT NOT NULL,
                last_failed_at TIMESTAMPTZ NOT NULL
            )
            """,
            """
            CREATE TABLE session (
                token_hash TEXT PRIMARY KEY,
                user_id BIGINT NOT NULL REFERENCES users(id),
                expires_at TIMESTAMPTZ NOT NULL
            )
            """,
            """
            CREATE TABLE project (
                id BIGSERIAL PRIMARY KEY,
                title TEXT NOT NULL,
                body TEXT NOT NULL,
                capacity INT NOT NULL,
                works TEXT[] NOT NULL,
                writer_id BIGINT NOT NULL REFERENCES users(id),
                is_open BOOLEAN NOT NULL,
                created_at TIMESTAMPTZ NOT NULL
            )
            """,
            """
            CREATE TABLE room (
                id BIGSERIAL PRIMARY KEY,
                kind TEXT NOT NULL CHECK (kind IN ('direct', 'group')),
                direct_key TEXT UNIQUE
            )
            """,
            """
            CREATE TABLE membership (
                room_id BIGINT NOT NULL REFERENCES room(id),
                user_id BIGINT NOT NULL REFERENCES users(id),
                position INT NOT NULL,
                is_member BOOLEAN NOT NULL DEFAULT TRUE,
                last_read_message_id BIGINT NOT NULL DEFAULT 0,
                PRIMARY KEY (room_id, user_id)
            )
            """,
            "CREATE INDEX membership_by_user ON membership(user_id, is_member)",
            "CREATE SEQUENCE message_id",
            """
            CREATE TABLE message (
                id BIGINT PRIMARY KEY,
                room_id BIGINT NOT NULL REFERENCES room(id),
                sender_id BIGINT NOT NULL REFERENCES users(id),
                text TEXT NOT NULL,
                sent_at TIMESTAMPTZ NOT NULL,
                client_key TEXT
            )
            """,
            "CREATE INDEX message_by_room ON message(room_id, id)",
            "CREATE UNIQUE INDEX message_by_client_key ON message(sender_id, client_key) WHERE client_key IS NOT NULL",
        ]),
        // `/find`: the text folded by tudy (messages stored before take lower(), which folds
        // what the database's locale knows).
        (2, [
            "ALTER TABLE message ADD COLUMN search_text TEXT NOT NULL DEFAULT ''",
            "UPDATE message SET search_text = lower(text)",
        ]),
        // `/edit` and `/unsend`: what became of a message after it was sent.
        (3, [
            "ALTER TABLE message ADD COLUMN status TEXT NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'edited', 'deleted'))"
        ]),
        // `/find` and `/search`: trigram indexes of the folded text of messages and posts, so
        // that a word is found inside longer ones without reading every row. pg_trgm comes
        // with PostgreSQL; where this role may not add it, search goes on without the indexes,
        // and the database's log says so.
        (4, [
            "ALTER TABLE project ADD COLUMN search_text TEXT NOT NULL DEFAULT ''",
            "UPDATE project SET search_text = lower(title || E'\\n' || body)",
            .sql(searchIndexes),
        ]),
        // Search folds a letter typed another way (full-width, compatibility, decomposed) and
        // full case (`STRASSE`, `Straße`) as well; this also folds again what lower() folded.
        (5, [.refoldSearchText]),
        // `/find` of a word of one or two letters, which no trigram holds: an index of the
        // letters and pairs of letters each message's folded text has, so that a rare one is
        // found without reading every message. The planner still reads newest first for one
        // that most messages have.
        (6, [
            """
            CREATE FUNCTION tudy_letters_and_pairs(text) RETURNS text[] LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
                SELECT coalesce(array_agg(DISTINCT piece), '{}') FROM (
                    SELECT substr($1, i, 1) AS piece FROM generate_series(1, char_length($1)) AS i
                    UNION ALL SELECT substr($1, i, 2) FROM generate_series(1, char_length($1) - 1) AS i
                ) AS pieces
            $$
            """,
            "CREATE INDEX message_letters_and_pairs ON message USING gin (tudy_letters_and_pairs(search_text))",
        ]),
        // Failures a day old are deleted at each login: found by this index, not by reading all.
        (7, ["CREATE INDEX login_failure_by_time ON login_failure(last_failed_at)"]),
        // Null for the accounts made before: the day was not kept.
        (8, ["ALTER TABLE users ADD COLUMN joined_at TIMESTAMPTZ"]),
        // What was sent before was words said.
        (9, ["ALTER TABLE message ADD COLUMN kind TEXT NOT NULL DEFAULT 'text' CHECK (kind IN ('text', 'action'))"]),
        // The message a reply answers; none for those sent before.
        (10, ["ALTER TABLE message ADD COLUMN reply_to BIGINT REFERENCES message(id)"]),
        // A post's study room (`/join`), named after it, and who its writer took out (`/kick`);
        // rooms made before have no name and are nobody's study room. A deleted post leaves
        // its room a group room like any other.
        (11, [
            "ALTER TABLE room ADD COLUMN name TEXT",
            "ALTER TABLE room ADD COLUMN project_id BIGINT REFERENCES project(id) ON DELETE SET NULL",
            "CREATE UNIQUE INDEX room_by_project ON room(project_id)",
            "ALTER TABLE membership ADD COLUMN removed BOOLEAN NOT NULL DEFAULT FALSE",
        ]),
        // `/topic`.
        (12, ["ALTER TABLE room ADD COLUMN topic TEXT"]),
        // Who set which emoji on which message (`/react`), in the order they were set.
        (13, [
            """
            CREATE TABLE reaction (
                id BIGSERIAL PRIMARY KEY,
                message_id BIGINT NOT NULL REFERENCES message(id),
                user_id BIGINT NOT NULL REFERENCES users(id),
                emoji TEXT NOT NULL,
                UNIQUE (message_id, emoji, user_id)
            )
            """,
        ]),
        // Rooms muted and people ignored (`/mute`, `/ignore`), kept with the account so that
        // every client of its obeys them.
        (14, [
            "ALTER TABLE membership ADD COLUMN muted BOOLEAN NOT NULL DEFAULT FALSE",
            """
            CREATE TABLE ignoring (
                user_id BIGINT NOT NULL REFERENCES users(id),
                ignored_id BIGINT NOT NULL REFERENCES users(id),
                PRIMARY KEY (user_id, ignored_id)
            )
            """,
        ]),
        // The letters and pairs of migration 6, found as before, by a PL/pgSQL function: a SQL
        // function that is not inlined is parsed and planned again at each call, and the index
        // calls it for every message sent, which made it much of what a send cost the database.
        // PL/pgSQL keeps its query's plan for the session. The answer is the same array, so the
        // index stays as it is.
        (15, [
            """
            CREATE OR REPLACE FUNCTION tudy_letters_and_pairs(text) RETURNS text[] LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
            BEGIN
                RETURN (SELECT coalesce(array_agg(DISTINCT piece), '{}') FROM (
                    SELECT substr($1, i, 1) AS piece FROM generate_series(1, char_length($1)) AS i
                    UNION ALL SELECT substr($1, i, 2) FROM generate_series(1, char_length($1) - 1) AS i
                ) AS pieces);
            END
            $$
            """,
        ]),
        // The message indexes keep short lists of entries not yet merged in (`pendingListKiB`).
        (16, [
            .sql("ALTER INDEX message_letters_and_pairs SET (gin_pending_list_limit = \(pendingListKiB))"),
            .sql("ALTER INDEX IF EXISTS message_search_trigrams SET (gin_pending_list_limit = \(pendingListKiB))"),
        ]),
        // Invitations waiting for an answer (`/invite` of someone who shares no group room
        // with the inviter): one per person and room, found by invitee, counted by inviter.
        (17, [
            """
            CREATE TABLE invitation (
                id BIGSERIAL PRIMARY KEY,
                room_id BIGINT NOT NULL REFERENCES room(id),
                invitee_id BIGINT NOT NULL REFERENCES users(id),
                inviter_id BIGINT NOT NULL REFERENCES users(id),
                sent_at TIMESTAMPTZ NOT NULL,
                UNIQUE (invitee_id, room_id)
            )
            """,
            "CREATE INDEX invitation_by_inviter ON invitation(inviter_id)",
        ]),
        // How each name looks, so that no new name looks like one taken; accounts made before
        // that look alike keep their names (`lookAlikeAccounts`).
        (18, ["ALTER TABLE users ADD COLUMN look_key TEXT", .fillLooks, "CREATE INDEX user_by_look_key ON users(look_key)"]),
        // Looks from the whole of TS #39's confusables (ICU's), where they were a subset.
        (19, [.fillLooks]),
    ]

    /// How large a message index's list of entries not yet merged in may grow, in KiB:
    /// PostgreSQL's least. A send that finds the list full merges all of it into the index
    /// before it commits, while later sends to its room wait: at PostgreSQL's 4 MiB, 50 to 250
    /// milliseconds every few thousand messages, enough to set the slowest hundredth of
    /// deliveries at 500 messages a second; at 64 KiB a few milliseconds, more often. The
    /// database spends the same in all, and a search reads a shorter list.
    static let pendingListKiB = 64

    /// The trigram indexes of migration 4, made where they are missing. It runs again at each
    /// start while they are, so that a database whose role could not add pg_trgm then gets
    /// them once it can.
    private static let searchIndexes = """
        DO $$ BEGIN
            CREATE EXTENSION IF NOT EXISTS pg_trgm;
            CREATE INDEX IF NOT EXISTS message_search_trigrams ON message USING gin (search_text gin_trgm_ops)
                WITH (gin_pending_list_limit = \(pendingListKiB));
            CREATE INDEX IF NOT EXISTS project_search_trigrams ON project USING gin (search_text gin_trgm_ops);
        EXCEPTION WHEN insufficient_privilege OR undefined_file OR feature_not_supported THEN
            RAISE WARNING 'pg_trgm could not be added (%): /find reads messages without an index', SQLERRM;
        END $$
        """

    /// Brings the database up to the newest version, each migration one transaction.
    static func migrate(_ client: PostgresClient, logger: Logger) async throws {
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(migrationLock))", logger: logger)
            try await connection.query(
                "CREATE TABLE IF NOT EXISTS tudy_migration (version INT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())",
                logger: logger)
            var applied: Set<Int> = []
            for try await version in try await connection.query("SELECT version FROM tudy_migration", logger: logger).decode(Int.self) {
                applied.insert(version)
            }
            for migration in migrations where !applied.contains(migration.version) {
                for step in migration.steps {
                    switch step {
                    case .sql(let statement):
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    case .refoldSearchText:
                        try await refoldSearchText(of: "message", text: "text", on: connection, logger: logger)
                        try await refoldSearchText(of: "project", text: "title || E'\\n' || body", on: connection, logger: logger)
                    case .fillLooks:
                        try await fillLooks(on: connection, logger: logger)
                    }
                }
                try await connection.query("INSERT INTO tudy_migration (version) VALUES (\(migration.version))", logger: logger)
            }
            let missing = try await connection.query(
                """
                SELECT count(*)::BIGINT FROM (VALUES ('message_search_trigrams'), ('project_search_trigrams')) AS wanted (name)
                WHERE to_regclass(name) IS NULL
                """, logger: logger
            ).decode(Int.self).reduce(0, +)
            if missing > 0 {
                try await connection.query(PostgresQuery(unsafeSQL: searchIndexes), logger: logger)
            }
        }
    }
}
