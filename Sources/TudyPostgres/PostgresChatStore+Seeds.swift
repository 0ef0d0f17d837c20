import Foundation
import PostgresNIO
import TudyCore

// Seeds: a fixture loaded whole in one transaction, or not at all.
extension PostgresChatStore {
    package func load(_ fixture: Fixture) async throws {
        try fixture.validate()
        // Hashing is slow on purpose; it happens before the transaction.
        let hashes = try fixture.users.map { try hasher.hash($0.password) }
        let now = clock.now()
        try await transaction { connection in
            func user(_ name: String, at place: String) async throws -> (id: Int, user: User) {
                do {
                    return try await Self.user(named: name, on: connection)
                } catch StoreError.unknownUser {
                    throw Fixture.unknownName(name, at: place)
                }
            }
            for (index, account) in fixture.users.enumerated() {
                let key = Accounts.key(account.name)
                guard try await Self.userID(key: key, on: connection) == nil else { throw Fixture.nameTaken(account.name, at: index) }
                try await connection.query(
                    """
                    INSERT INTO users (name, name_key, look_key, password_hash, joined_at)
                    VALUES (\(account.name), \(key), \(Accounts.look(account.name)), \(hashes[index]), \(now))
                    """,
                    logger: Self.quiet)
            }
            for (index, post) in fixture.projects.enumerated() {
                let writerID = try await user(post.writer, at: "projects[\(index)]").id
                _ = try await Self.insertProject(post.draft, writerID: writerID, isOpen: post.isOpen, createdAt: post.createdAt ?? now, on: connection)
            }
            for (index, seeded) in fixture.rooms.enumerated() {
                let members = try await seeded.members.asyncMap { try await user($0, at: "rooms[\(index)]") }
                let key = seeded.kind == .direct ? members.map { Accounts.key($0.user.name) }.sorted().joined(separator: " ") : nil
                let roomID = try await Self.one(
                    Int.self, "INSERT INTO room (kind, direct_key) VALUES (\(seeded.kind.rawValue), \(key)) RETURNING id",
                    on: connection) ?? 0
                for member in members { try await Self.admit(userID: member.id, roomID: roomID, on: connection) }
                // Each sender looked up once, not once a message.
                var senderIDs: [String: Int] = [:]
                for name in Set(seeded.messages.map(\.sender)) { senderIDs[name] = try await user(name, at: "rooms[\(index)]").id }
                let senders = seeded.messages.map { senderIDs[$0.sender]! }
                for start in stride(from: 0, to: seeded.messages.count, by: Self.seedBatch) {
                    let lines = seeded.messages[start..<min(start + Self.seedBatch, seeded.messages.count)]
                    // Many rows a statement: a large seed loads in seconds, not one round trip a message.
                    // The room is new in this transaction: nobody else can send to it before it
                    // commits, so the ids taken here are in its commit order.
                    try await connection.query(
                        """
                        INSERT INTO message (id, room_id, sender_id, text, sent_at, search_text)
                        SELECT nextval('message_id'), \(roomID), line.sender, line.text, line.sent_at, line.folded
                        FROM unnest(\(Array(senders[lines.indices])), \(lines.map(\.text)), \(lines.map { $0.sentAt ?? now }),
                                    \(lines.map { CaseFolding.search($0.text) }))
                             WITH ORDINALITY AS line(sender, text, sent_at, folded, position)
                        ORDER BY line.position
                        """, logger: Self.quiet)
                }
                // A sender has read what they wrote.
                try await connection.query(
                    """
                    UPDATE membership SET last_read_message_id = written.newest
                    FROM (SELECT sender_id, max(id) AS newest FROM message WHERE room_id = \(roomID) GROUP BY sender_id) AS written
                    WHERE membership.room_id = \(roomID) AND membership.user_id = written.sender_id
                    """, logger: Self.quiet)
            }
        }
    }
}

extension Array {
    fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async throws -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
