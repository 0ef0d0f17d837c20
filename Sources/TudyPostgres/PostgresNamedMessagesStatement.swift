import Foundation
import PostgresNIO
import TudyCore

/// The messages that notifications named, read by a server's feed as one prepared statement:
/// each server runs it for nearly every message sent anywhere, so it is parsed and planned once
/// on its connection, not again each time.
///
/// Each message is found by its id alone (the subquery that `OFFSET 0` keeps apart), so the
/// one plan kept for every list of ids reads the index however few messages the table held
/// when it was made: joined as a whole, a table nearly empty then was read whole, and hashed,
/// for every list of ids after.
struct PostgresNamedMessagesStatement: PostgresPreparedStatement {
    static let name = "tudy_named_messages"
    static let sql = """
        \(columns)
        FROM unnest($1::BIGINT[]) WITH ORDINALITY AS named (id, position)
        CROSS JOIN LATERAL (SELECT * FROM message WHERE message.id = named.id OFFSET 0) AS message
        \(joins)
        ORDER BY named.position
        """
    static let bindingDataTypes: [PostgresDataType] = [.int8Array]

    /// What a new message is read with: the members of its room as they are now (each found
    /// by id: joined as a whole, every account was read and hashed for each message), and
    /// what it quotes.
    static let columns = """
        SELECT message.id, message.room_id, message.text, message.sent_at, message.status, message.kind, users.name,
               ARRAY(SELECT (SELECT name_key FROM users AS member WHERE member.id = membership.user_id) FROM membership
                     WHERE membership.room_id = message.room_id AND membership.is_member),
               quoted.id, quoted.text, quoted.status, quoted_sender.name
        """
    static let joins = """
        JOIN users ON users.id = message.sender_id
        LEFT JOIN message AS quoted ON quoted.id = message.reply_to
        LEFT JOIN users AS quoted_sender ON quoted_sender.id = quoted.sender_id
        """

    /// A message as `columns` give it.
    typealias Row = (
        id: Int, roomID: Int, text: String, sentAt: Date, status: String, kind: String, sender: String, memberKeys: [String],
        quotedID: Int?, quotedText: String?, quotedStatus: String?, quotedSender: String?
    )

    let ids: [Int]

    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        bindings.append(ids)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> Row {
        try Self.decode(row)
    }

    static func decode(_ row: PostgresRow) throws -> Row {
        try row.decode((Int, Int, String, Date, String, String, String, [String], Int?, String?, String?, String?).self)
    }
}
