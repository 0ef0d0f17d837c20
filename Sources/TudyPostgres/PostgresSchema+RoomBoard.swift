import Foundation

/// The migrations of what a study group keeps with its room: a pinned notice, a timer,
/// sessions and who is coming.
extension PostgresSchema {
    static let roomBoard: [(version: Int, steps: [Step])] = [
        // A room's pinned notice (`/notice`), one at a time, and who of its members has read it.
        (20, [
            """
            CREATE TABLE notice (
                room_id BIGINT PRIMARY KEY REFERENCES room(id),
                text TEXT NOT NULL,
                writer_id BIGINT NOT NULL REFERENCES users(id),
                pinned_at TIMESTAMPTZ NOT NULL
            )
            """,
            "ALTER TABLE membership ADD COLUMN notice_read BOOLEAN NOT NULL DEFAULT FALSE",
        ]),
        // A room's focus/break timer (`/timer`), one at a time.
        (21, [
            """
            CREATE TABLE room_timer (
                room_id BIGINT PRIMARY KEY REFERENCES room(id), focus_minutes INT NOT NULL, break_minutes INT NOT NULL,
                rounds INT NOT NULL, started_at TIMESTAMPTZ NOT NULL, started_by BIGINT NOT NULL REFERENCES users(id)
            )
            """,
        ]),
        // A room's study sessions (`/session`) and each member's answer for a meeting (`/rsvp`).
        (22, [
            """
            CREATE TABLE study_session (
                id BIGSERIAL PRIMARY KEY, room_id BIGINT NOT NULL REFERENCES room(id), starts_at TIMESTAMPTZ NOT NULL,
                minutes INT NOT NULL, weekly BOOLEAN NOT NULL, created_by BIGINT NOT NULL REFERENCES users(id)
            )
            """,
            "CREATE INDEX study_session_by_room ON study_session(room_id)",
            """
            CREATE TABLE session_answer (
                id BIGSERIAL, session_id BIGINT NOT NULL REFERENCES study_session(id), user_id BIGINT NOT NULL REFERENCES users(id),
                meeting TIMESTAMPTZ NOT NULL, reply TEXT NOT NULL, PRIMARY KEY (session_id, user_id, meeting)
            )
            """,
        ]),
        // Who came to each meeting (`/checkin`, `/checkout`), kept by room, outliving a session cancelled.
        (23, [
            """
            CREATE TABLE attendance (
                room_id BIGINT NOT NULL REFERENCES room(id), session_id BIGINT NOT NULL, meeting TIMESTAMPTZ NOT NULL,
                user_id BIGINT NOT NULL REFERENCES users(id), checked_in_at TIMESTAMPTZ NOT NULL, checked_out_at TIMESTAMPTZ,
                id BIGSERIAL, PRIMARY KEY (session_id, meeting, user_id)
            )
            """,
            "CREATE INDEX attendance_by_room ON attendance(room_id, meeting)",
        ]),
    ]
}
