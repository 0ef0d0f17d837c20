import Foundation
import Logging
import PostgresNIO
import TudyKit

/// The changes a server's users follow, from the whole database: one connection listens on
/// a channel every write notifies at commit; on each notification the feed reads what is new
/// by key (messages after the newest it read, a room as it is now) and tells each follower
/// what concerns them. A lost listening connection is opened again and the feed catches up.
actor PostgresChangeFeed {
    static let channel = "tudy_change"

    private struct Follower {
        let viewer: User
        /// Messages up to this id came before the stream did.
        let after: Int
        let continuation: AsyncStream<StoreChange>.Continuation
    }

    private let client: PostgresClient
    private let logger: Logger
    private var followers: [UUID: Follower] = [:]
    /// Rooms as last told, so that a change is told as what it changed.
    private var rooms: [Int: Room] = [:]
    private var newestMessageID = 0
    private var listening: Task<Void, Never>?

    init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    func start() {
        guard listening == nil else { return }
        listening = Task { await self.listen() }
    }

    func stop() {
        listening?.cancel()
        listening = nil
        followers.values.forEach { $0.continuation.finish() }
        followers = [:]
    }

    /// A stream of what changes for `viewer` after message `after`, in `rooms` as they are now.
    func add(viewer: User, rooms viewerRooms: [Room], after: Int) -> AsyncStream<StoreChange> {
        for room in viewerRooms where rooms[room.id] == nil { rooms[room.id] = room }
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self, bufferingPolicy: .unbounded)
        continuation.onTermination = { [weak self] _ in Task { await self?.remove(id) } }
        followers[id] = Follower(viewer: viewer, after: after, continuation: continuation)
        return stream
    }

    private func remove(_ id: UUID) {
        followers[id] = nil
    }

    private func listen() async {
        var first = true
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notifications in
                        // Listening now: what committed before is read by key, nothing is missed.
                        if first {
                            first = false
                            self.newestMessageID = try await self.newest(on: connection)
                        } else {
                            try await self.catchUp(on: connection)
                        }
                        for try await notification in notifications {
                            try await self.handle(notification.payload, on: connection)
                        }
                    }
                }
            } catch {
                logger.error("lost the database's notifications: listening again", metadata: ["error": "\(PostgresChatStore.reason(error))"])
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    private func newest(on connection: PostgresConnection) async throws -> Int {
        try await PostgresChatStore.one(Int.self, "SELECT COALESCE(MAX(id), 0)::BIGINT FROM message", on: connection) ?? 0
    }

    private func handle(_ payload: String, on connection: PostgresConnection) async throws {
        if payload == "m" {
            try await readMessages(on: connection)
        } else if payload.hasPrefix("r"), let roomID = Int(payload.dropFirst()) {
            // Messages committed before the room changed are told first.
            try await readMessages(on: connection)
            try await readRoom(roomID, on: connection)
        }
    }

    /// After a lost connection: every message since, and every room as it is now.
    private func catchUp(on connection: PostgresConnection) async throws {
        try await readMessages(on: connection)
        for roomID in rooms.keys.sorted() { try await readRoom(roomID, on: connection) }
    }

    private func readMessages(on connection: PostgresConnection) async throws {
        while true {
            let messages = try await PostgresChatStore.messages(
                where: "message.id > \(newestMessageID)", order: "ASC", limit: 500, on: connection)
            for message in messages {
                let members = try await PostgresChatStore.all(
                    String.self,
                    """
                    SELECT users.name FROM membership JOIN users ON users.id = membership.user_id
                    WHERE membership.room_id = \(message.roomID) AND membership.is_member
                    """, on: connection)
                for follower in followers.values
                where message.id > follower.after && members.contains(where: follower.viewer.isNamed) {
                    follower.continuation.yield(.message(message))
                }
                newestMessageID = message.id
            }
            guard messages.count == 500 else { return }
        }
    }

    private func readRoom(_ roomID: Int, on connection: PostgresConnection) async throws {
        let now = try await PostgresChatStore.room(id: roomID, on: connection)
        let before = rooms[roomID]
        rooms[roomID] = now
        for follower in followers.values {
            if let change = StoreChange.membership(before: before, after: now, viewer: follower.viewer) {
                follower.continuation.yield(change)
            }
        }
    }
}
