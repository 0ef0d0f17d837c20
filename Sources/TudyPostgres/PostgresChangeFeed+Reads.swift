import Foundation
import Logging
import PostgresNIO
import TudyCore

// What the feed reads from the database once told something changed, and tells its followers.
extension PostgresChangeFeed {
    func readWhileNoted() async {
        // Once stopped (the store closed), a read fails at once and a sleep returns at once:
        // trying again would spin.
        while (!messagesNamed.isEmpty || everyRoomToRead || !roomsToCatchUp.isEmpty || sessionsToCheck || marksToRead
            || !roomsToRead.isEmpty || !readsToTell.isEmpty || !changedToRead.isEmpty) && !Task.isCancelled && !isStopped
        {
            // Every room read from its mark finds whatever was named too.
            let named = everyRoomToRead ? [] : messagesNamed
            let catchingUp = everyRoomToRead ? told.keys.sorted() : roomsToCatchUp.sorted()
            let roomIDs = roomsToRead
            let changedIDs = changedToRead
            let checksSessions = sessionsToCheck
            let readsMarks = marksToRead
            let reads = readsToTell
            sessionsToCheck = false
            messagesNamed = []
            everyRoomToRead = false
            roomsToCatchUp = []
            marksToRead = false
            roomsToRead = []
            changedToRead = []
            readsToTell = []
            do {
                try await client.withConnection { connection in
                    if checksSessions { try await self.endSessionsGone(on: connection) }
                    if !named.isEmpty { try await self.readMessages(named: named, on: connection) }
                    if !catchingUp.isEmpty { try await self.readMessages(after: catchingUp, on: connection) }
                    if !changedIDs.isEmpty { try await self.readChanged(changedIDs, on: connection) }
                    for roomID in roomIDs { try await self.readRoom(roomID, on: connection) }
                    if readsMarks { try await self.readMarks(on: connection) }
                }
                for read in reads { tell(read.reader, readUpTo: read.upTo, in: read.roomID) }
            } catch {
                logger.error("could not read the database's changes: trying again", metadata: ["error": "\(PostgresChatStore.reason(error))"])
                // Read again from each room's mark: what was told before the failure is not told again.
                if !named.isEmpty { everyRoomToRead = true }
                roomsToCatchUp.formUnion(catchingUp)
                marksToRead = marksToRead || readsMarks
                readsToTell = reads + readsToTell
                sessionsToCheck = sessionsToCheck || checksSessions
                roomsToRead = roomIDs + roomsToRead.filter { !roomIDs.contains($0) }
                changedToRead = changedIDs + changedToRead.filter { !changedIDs.contains($0) }
                try? await Task.sleep(for: .seconds(1))
            }
        }
        reading = nil
    }

    /// Ends the streams whose session is no longer in the database.
    func endSessionsGone(on connection: PostgresConnection) async throws {
        let hashes = Array(Set(followers.values.map(\.sessionHash)))
        guard !hashes.isEmpty else { return }
        let live = Set(try await PostgresChatStore.all(
            String.self, "SELECT token_hash FROM session WHERE token_hash = ANY(\(hashes))", on: connection))
        for hash in hashes where !live.contains(hash) { endSession(hash: hash) }
    }

    /// The messages notifications named, told in the order they committed.
    func readMessages(named: [(roomID: Int, id: Int)], on connection: PostgresConnection) async throws {
        try await tellNew(connection.execute(PostgresNamedMessagesStatement(ids: named.map(\.id)), logger: PostgresChatStore.quiet))
    }

    /// Every message of these rooms after the newest told in each, a batch at a time. A room
    /// with none told yet is read from the feed's floor.
    func readMessages(after roomIDs: [Int], on connection: PostgresConnection) async throws {
        while true {
            let marks = roomIDs.map { told[$0].map { $0 == 0 ? floor : $0 } ?? floor }
            let count = try await tellNew(
                connection.query(
                    """
                    \(unescaped: PostgresNamedMessagesStatement.columns)
                    FROM unnest(\(roomIDs)::BIGINT[], \(marks)::BIGINT[]) AS mark (room_id, after)
                    JOIN message ON message.room_id = mark.room_id AND message.id > mark.after
                    \(unescaped: PostgresNamedMessagesStatement.joins)
                    ORDER BY message.id LIMIT 500
                    """, logger: PostgresChatStore.quiet
                ).map(PostgresNamedMessagesStatement.decode))
            guard count == 500 else { return }
        }
    }

    /// Tells each message read to the followers in its room, once: one at or before the newest
    /// told in its room was told already. Returns how many were read.
    @discardableResult
    func tellNew(_ rows: AsyncThrowingMapSequence<PostgresRowSequence, PostgresNamedMessagesStatement.Row>) async throws -> Int {
        var count = 0
        for try await row in rows {
            count += 1
            guard let mark = told[row.roomID], row.id > mark else { continue }
            told[row.roomID] = row.id
            let message = PostgresChatStore.message(
                id: row.id, roomID: row.roomID, text: row.text, sentAt: row.sentAt, status: row.status, kind: row.kind,
                sender: row.sender, quoted: (row.quotedID, row.quotedText, row.quotedStatus, row.quotedSender))
            for follower in followers(of: row.memberKeys) where row.id > follower.after[row.roomID] ?? 0 {
                follower.continuation.yield(.message(message))
            }
        }
        return count
    }

    /// Messages edited or deleted, as they are now, told to the members of their rooms.
    func readChanged(_ ids: [Int], on connection: PostgresConnection) async throws {
        for message in try await PostgresChatStore.messages(
            where: "message.id = ANY(ARRAY[\(ids.map(String.init).joined(separator: ","))]::BIGINT[])", order: "ASC",
            limit: ids.count, on: connection)
        {
            let members = try await PostgresChatStore.all(
                String.self,
                """
                SELECT users.name_key FROM membership JOIN users ON users.id = membership.user_id
                WHERE membership.room_id = \(message.roomID) AND membership.is_member
                """, on: connection)
            for follower in followers(of: members) {
                follower.continuation.yield(.messageChanged(message))
            }
        }
    }

    /// Tells the other followers in a room, as last read, that a member read it further.
    func tell(_ reader: User, readUpTo upTo: Int, in roomID: Int) {
        guard let members = rooms[roomID]?.members else { return }
        let readerKey = Accounts.key(reader.name)
        for follower in followers(of: members.map { Accounts.key($0.name) }) where follower.viewerKey != readerKey {
            follower.continuation.yield(.read(roomID: roomID, reader: reader, upTo: upTo))
        }
    }

    /// After a lost connection, every member's read mark in the rooms followed, as it is now:
    /// a mark that moved meanwhile is told (one that did not is told again, which moves nothing).
    func readMarks(on connection: PostgresConnection) async throws {
        let roomIDs = rooms.keys.sorted()
        guard !roomIDs.isEmpty else { return }
        for try await (roomID, name, upTo) in try await connection.query(
            """
            SELECT membership.room_id, users.name, membership.last_read_message_id FROM membership JOIN users ON users.id = membership.user_id
            WHERE membership.room_id = ANY(\(roomIDs)) AND membership.is_member AND membership.last_read_message_id > 0
            """, logger: PostgresChatStore.quiet
        ).decode((Int, String, Int).self) {
            tell(User(name: name), readUpTo: upTo, in: roomID)
        }
    }

    func readRoom(_ roomID: Int, on connection: PostgresConnection) async throws {
        let now = try await PostgresChatStore.room(id: roomID, on: connection)
        rooms[roomID] = now
        for (id, follower) in followers {
            // Compared with what this follower was last told: a change that came before its
            // stream began (and is in the rooms it began with) is not told again.
            let before = follower.rooms[roomID]
            if let change = StoreChange.membership(before: before, after: now, viewer: follower.viewer) {
                follower.continuation.yield(change)
            }
            followers[id]?.rooms[roomID] = now.hasMember(follower.viewer) ? now : nil
        }
    }
}
