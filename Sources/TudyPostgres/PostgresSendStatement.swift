import Foundation
import PostgresNIO
import TudyCore

/// A message's send as one prepared statement, parsed and planned once on each connection: a
/// send is the statement a busy database runs most, and it was three before, each parsed and
/// planned afresh. Every table it reads is read by an index whatever its size when the plan was
/// made (the key is looked up by sender and key together, not by the key alone).
///
/// It finds the sender by the session, locks the room's row (held to commit: see
/// `PostgresSchema`'s note on message order), checks the sender is still a member, takes the
/// id, and keeps a message whose key was sent before as it is, taking no id for it (only a
/// resend racing the first, which `ON CONFLICT` stops, spends one). Only sends to the same
/// room wait for each other; the lock is never held while a round trip crosses the network.
/// The notification names the room and the id, so that every server's feed reads exactly that
/// message. No row means nothing was written.
struct PostgresSendStatement: PostgresPreparedStatement {
    static let name = "tudy_send"
    static let sql = """
        WITH sender AS (
            SELECT users.id, users.name FROM session JOIN users ON users.id = session.user_id
            WHERE session.token_hash = $1 AND session.expires_at > $2),
        turn AS (SELECT id FROM room WHERE id = $3 AND EXISTS (SELECT 1 FROM sender) FOR NO KEY UPDATE),
        inserted AS (
            INSERT INTO message (id, room_id, sender_id, text, sent_at, client_key, search_text, kind, reply_to)
            SELECT nextval('message_id'), turn.id, sender.id, $4, $2, $5, $6, $7, $8
            FROM turn, sender
            WHERE EXISTS (SELECT 1 FROM membership WHERE room_id = turn.id AND user_id = sender.id AND is_member)
                AND NOT EXISTS (SELECT 1 FROM message WHERE sender_id = (SELECT id FROM sender) AND client_key = $5)
            ON CONFLICT (sender_id, client_key) WHERE client_key IS NOT NULL DO NOTHING
            RETURNING id)
        SELECT inserted.id, sender.name
        FROM inserted, sender, pg_notify($9, $10 || inserted.id::text)
        """
    static let bindingDataTypes: [PostgresDataType] = [.text, .timestamptz, .int8, .text, .text, .text, .text, .int8, .text, .text]

    typealias Row = (id: Int, senderName: String)

    let sessionHash: String
    let now: Date
    let roomID: Int
    let text: String
    let key: String?
    let kind: Message.Kind
    let replyTo: Int?

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 10)
        bindings.append(sessionHash)
        bindings.append(now)
        bindings.append(roomID)
        bindings.append(text)
        bindings.append(key)
        bindings.append(CaseFolding.search(text))
        bindings.append(kind.rawValue)
        bindings.append(replyTo)
        bindings.append(PostgresChangeFeed.channel)
        bindings.append(PostgresChangeFeed.messagePrefix(roomID: roomID))
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        try row.decode((Int, String).self)
    }
}
