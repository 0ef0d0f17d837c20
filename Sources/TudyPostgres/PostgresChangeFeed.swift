import Foundation
import Logging
import PostgresNIO
import TudyCore

/// The changes a server's users follow, from the whole database: one connection listens on
/// a channel every write notifies at commit; on each notification the feed reads what is new
/// by key (the message it names, a room as it is now) and tells each follower what concerns
/// them. A lost listening connection is opened again and the feed catches up, each room from
/// the newest message it told there: ids are in commit order within a room, not across rooms
/// (see `PostgresSchema`), so no mark is shared between rooms.
actor PostgresChangeFeed {
    static let channel = "tudy_change"

    struct Follower {
        let viewer: User
        /// The viewer's folded name, as the database keeps it beside the name.
        let viewerKey: String
        /// The hash of the session's token: when that session ends, so does the stream.
        let sessionHash: String
        /// In each room, the messages up to this id came before the stream did; in a room not
        /// named, every message the feed reads is news.
        let after: [Int: Int]
        let continuation: AsyncStream<StoreChange>.Continuation
        /// The viewer's rooms as last told to them, from the rooms their stream began with: a
        /// change is told as what it changed for them, never one they began with already.
        var rooms: [Int: Room]
    }

    let client: PostgresClient
    let logger: Logger
    var followers: [UUID: Follower] = [:]
    /// The followers of each viewer, by folded name: a message is offered to the followers of
    /// its room's members only, not to every follower on the server.
    private var followerIDsByViewer: [String: Set<UUID>] = [:]
    /// Rooms as last told, so that a change is told as what it changed.
    var rooms: [Int: Room] = [:]
    /// For each room a follower here is in (or may have come into), the newest message told
    /// there, or known to have come before every follower began; 0 while none is.
    var told: [Int: Int] = [:]
    /// The newest message there was when the feed first listened: after a lost connection, a
    /// room with no message told is read from here.
    var floor = 0
    private var listening: Task<Void, Never>?
    /// Says once that the feed listens: a change committed before then is not heard.
    private let listened = AsyncStream.makeStream(of: Void.self)
    /// Whether the database answers, as the listening connection last found it.
    private var health = StoreHealth.up
    private var healthFollowers: [UUID: AsyncStream<StoreHealth>.Continuation] = [:]
    /// Who is told each session that ends (by the hash of its token), on whatever server.
    private var endingFollowers: [UUID: AsyncStream<String>.Continuation] = [:]

    init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// Starts listening, and returns once the database's notifications are heard (or the
    /// task waiting is cancelled): a room changed after that is told, not only a message.
    func start() async {
        if listening == nil { listening = Task { await self.listen() } }
        for await _ in listened.stream { break }
    }

    func stop() {
        isStopped = true
        reading?.cancel()
        listening?.cancel()
        listening = nil
        followers.values.forEach { $0.continuation.finish() }
        followers = [:]
        followerIDsByViewer = [:]
        healthFollowers.values.forEach { $0.finish() }
        healthFollowers = [:]
        endingFollowers.values.forEach { $0.finish() }
        endingFollowers = [:]
    }

    /// The hash of each session's token as the session ends, by a logout on any server.
    func endedSessions() -> AsyncStream<String> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(1_000))
        continuation.onTermination = { [weak self] _ in Task { await self?.stopTellingEndings(id) } }
        endingFollowers[id] = continuation
        return stream
    }

    private func stopTellingEndings(_ id: UUID) {
        endingFollowers[id] = nil
    }

    /// The database's health now, then each time it changes.
    func healthReports() -> AsyncStream<StoreHealth> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: StoreHealth.self, bufferingPolicy: .bufferingNewest(10))
        continuation.yield(health)
        continuation.onTermination = { [weak self] _ in Task { await self?.stopReportingHealth(id) } }
        healthFollowers[id] = continuation
        return stream
    }

    private func stopReportingHealth(_ id: UUID) {
        healthFollowers[id] = nil
    }

    private func report(_ now: StoreHealth) {
        guard now != health else { return }
        health = now
        healthFollowers.values.forEach { $0.yield(now) }
    }

    /// A stream of what changes for `viewer` after the messages `after` names in each room, in
    /// `rooms` as they are now, until `session` ends.
    func add(viewer: User, session: Session, rooms viewerRooms: [Room], after: [Int: Int]) -> AsyncStream<StoreChange> {
        for room in viewerRooms where rooms[room.id] == nil { rooms[room.id] = room }
        for room in viewerRooms where told[room.id] == nil {
            // A message may have been noted and passed over while nobody here was in the room:
            // the room is read once from where the follower's stream begins.
            told[room.id] = after[room.id] ?? 0
            roomsToCatchUp.insert(room.id)
        }
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self, bufferingPolicy: .unbounded)
        continuation.onTermination = { [weak self] _ in Task { await self?.remove(id) } }
        let viewerKey = Accounts.key(viewer.name)
        followers[id] = Follower(
            viewer: viewer, viewerKey: viewerKey, sessionHash: session.token.hash, after: after, continuation: continuation,
            rooms: Dictionary(viewerRooms.map { ($0.id, $0) }) { first, _ in first })
        followerIDsByViewer[viewerKey, default: []].insert(id)
        return stream
    }

    private func remove(_ id: UUID) {
        guard let follower = followers.removeValue(forKey: id) else { return }
        followerIDsByViewer[follower.viewerKey]?.remove(id)
        if followerIDsByViewer[follower.viewerKey]?.isEmpty == true { followerIDsByViewer[follower.viewerKey] = nil }
    }

    /// The followers whose viewers have these folded names.
    func followers(of viewerKeys: some Sequence<String>) -> [Follower] {
        viewerKeys.flatMap { key in (followerIDsByViewer[key] ?? []).compactMap { followers[$0] } }
    }

    private func listen() async {
        var first = true
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: Self.channel) { notifications in
                        // Listening now: what committed before is read by key, nothing is missed.
                        self.report(.up)
                        if first {
                            first = false
                            self.listened.continuation.finish()
                            self.floor = try await self.newest(on: connection)
                        } else {
                            self.noteEverything()
                        }
                        for try await notification in notifications {
                            self.note(notification.payload)
                        }
                    }
                }
            } catch {
                let reason = PostgresChatStore.reason(error)
                logger.error("lost the database's notifications: listening again", metadata: ["error": "\(reason)"])
                // The pool reconnects on its own; until this connection listens again, the
                // database counts as gone.
                if !Task.isCancelled { report(.down(reason: reason)) }
            }
            try? await Task.sleep(for: .seconds(1))
        }
    }

    func newest(on connection: PostgresConnection) async throws -> Int {
        try await PostgresChatStore.one(Int.self, "SELECT COALESCE(MAX(id), 0)::BIGINT FROM message", on: connection) ?? 0
    }

    // What the notifications said is to be read: noted at once, read by one reader, so that a
    // burst of notifications costs one read, not one each.
    /// The messages notifications named, in the order they committed.
    var messagesNamed: [(roomID: Int, id: Int)] = []
    /// Every followed room is to be read from the newest message told there: notifications
    /// were lost (a lost connection) or named no message (an older server), or more were
    /// waiting than `namedLimit`.
    var everyRoomToRead = false
    /// Rooms to be read from the newest message told there: rooms a follower began in.
    var roomsToCatchUp: Set<Int> = []
    var roomsToRead: [Int] = []
    /// Messages edited or deleted, to be read as they are now.
    var changedToRead: [Int] = []
    /// Read marks moved, told once the messages committed before them are.
    var readsToTell: [(roomID: Int, reader: User, upTo: Int)] = []
    /// Read marks may have moved unheard (a lost connection): each room's are read.
    var marksToRead = false
    /// Sessions may have ended unheard (a lost connection): each follower's is looked up.
    var sessionsToCheck = false
    var reading: Task<Void, Never>?
    /// Set by `stop`: a notification that arrives after it starts no reader.
    var isStopped = false

    /// Whether a reader is at work; once stopped, it ends.
    var isReading: Bool { reading != nil }

    /// The most messages named by notifications kept waiting to be read one by one; past it, the
    /// feed reads every followed room from its mark instead, so a burst holds no more memory.
    static let namedLimit = 10_000

    /// The start of a notification of a new message in room `roomID`: `m<room>:<id>`.
    static func messagePrefix(roomID: Int) -> String {
        "m\(roomID):"
    }

    /// The start of a notification that a member of room `roomID` read it further:
    /// `d<room>:<up to>:<name>`.
    static func readPrefix(roomID: Int) -> String {
        "d\(roomID):"
    }

    /// Takes in a notification's payload: `m<room>:<id>` for a new message (`messagePrefix`;
    /// a bare `m` from an older server), `r<id>` for a changed room, `e<id>` for an edited or
    /// deleted message, `d…` for a read mark moved (`readPrefix`), `s<hash>` for a session that
    /// ended. What a notification says is told after the messages named before it, which are
    /// read first.
    func note(_ payload: String) {
        if payload.hasPrefix("s") {
            // Told at the logout's commit, before anything committed after it.
            endSession(hash: String(payload.dropFirst()))
            return
        }
        if payload.hasPrefix("m") {
            let fields = payload.dropFirst().split(separator: ":")
            if fields.count == 2, let roomID = Int(fields[0]), let id = Int(fields[1]) {
                // A room nobody here is in is passed over: a follower that begins in it later
                // reads it from where their stream begins.
                guard told[roomID] != nil else { return }
                messagesNamed.append((roomID, id))
            } else {
                everyRoomToRead = true
            }
            if messagesNamed.count > Self.namedLimit {
                everyRoomToRead = true
                messagesNamed = []
            }
        } else if payload.hasPrefix("e"), let messageID = Int(payload.dropFirst()) {
            if !changedToRead.contains(messageID) { changedToRead.append(messageID) }
        } else if payload.hasPrefix("d") {
            let fields = payload.dropFirst().split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3, let roomID = Int(fields[0]), let upTo = Int(fields[1]) else { return }
            readsToTell.append((roomID, User(name: String(fields[2])), upTo))
        } else if payload.hasPrefix("r"), let roomID = Int(payload.dropFirst()) {
            // Someone here may have come into it: its messages are followed from now on, each
            // named by a notification after this one.
            if told[roomID] == nil { told[roomID] = 0 }
            if !roomsToRead.contains(roomID) { roomsToRead.append(roomID) }
        }
        startReading()
    }

    /// Ends the streams of a session that ended: nothing more is told to them.
    func endSession(hash: String) {
        for (id, follower) in followers where follower.sessionHash == hash {
            remove(id)
            follower.continuation.finish()
        }
        endingFollowers.values.forEach { $0.yield(hash) }
    }

    /// After a lost connection: every message since, every room as it is now, and whether
    /// each follower's session still is.
    private func noteEverything() {
        sessionsToCheck = true
        everyRoomToRead = true
        marksToRead = true
        for roomID in rooms.keys.sorted() where !roomsToRead.contains(roomID) { roomsToRead.append(roomID) }
        startReading()
    }

    private func startReading() {
        guard reading == nil, !isStopped else { return }
        reading = Task { await self.readWhileNoted() }
    }
}
