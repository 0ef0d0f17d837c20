import TudyCore

/// The streams a `StoreFeed` serves, indexed by room, account and session, so that a look
/// costs what its news holds rather than what the number of streams is: a server of 1,000
/// subscribers spent a quarter of its time giving every one of them every look's news.
///
/// A stream is either in step, told everything up to where the last look ended (`told`),
/// or behind, at a cursor of its own: a new stream starts behind, at the snapshot it began
/// in. A look reads from the earliest of `told` and the cursors behind, and then moves only
/// the streams its news is about, and those behind; the rest are in step by being left alone.
struct StoreFollowers {
    private struct Stream {
        var follower: StoreFollower
        let continuation: AsyncStream<StoreChange>.Continuation
    }

    private var streams: [Int: Stream] = [:]
    private var byRoom: [Int: Set<Int>] = [:]
    private var byAccount: [String: Set<Int>] = [:]
    private var bySession: [String: Set<Int>] = [:]
    /// The streams at a cursor of their own.
    private var behind: Set<Int> = []
    /// Where the streams in step have been told up to; nil before the first look.
    private var told: StoreCursor?
    private var lastID = 0

    var count: Int { streams.count }

    /// Adds a stream for `follower`, behind at its own cursor; its id.
    @discardableResult
    mutating func add(_ follower: StoreFollower, continuation: AsyncStream<StoreChange>.Continuation) -> Int {
        lastID += 1
        streams[lastID] = Stream(follower: follower, continuation: continuation)
        behind.insert(lastID)
        index(lastID, follower, rooms: Set(follower.rooms.keys), was: [])
        byAccount[Accounts.key(follower.user.name), default: []].insert(lastID)
        bySession[follower.sessionHash, default: []].insert(lastID)
        return lastID
    }

    /// Takes a stream out; its continuation, to finish outside any lock.
    @discardableResult
    mutating func remove(_ id: Int) -> AsyncStream<StoreChange>.Continuation? {
        guard let stream = streams.removeValue(forKey: id) else { return nil }
        behind.remove(id)
        index(id, stream.follower, rooms: [], was: Set(stream.follower.rooms.keys))
        Self.drop(id, from: &byAccount, at: Accounts.key(stream.follower.user.name))
        Self.drop(id, from: &bySession, at: stream.follower.sessionHash)
        return stream.continuation
    }

    /// Takes every stream out; their continuations.
    mutating func removeAll() -> [AsyncStream<StoreChange>.Continuation] {
        defer { self = StoreFollowers() }
        return streams.values.map(\.continuation)
    }

    /// Where the next look must read from, and which streams are behind as it starts; nil
    /// when there is no stream.
    func start() -> (from: StoreCursor, behind: Set<Int>)? {
        var from = streams.count > behind.count ? told : nil
        for id in behind {
            guard let cursor = streams[id]?.follower.cursor else { continue }
            from = from?.earliest(cursor) ?? cursor
        }
        return from.map { ($0, behind) }
    }

    /// Sorts out `news`, read from where `start` said with `wereBehind` behind: each stream's
    /// changes, in the order `StoreFollower.take` gives them, and the streams of sessions
    /// that ended, now taken out.
    mutating func take(_ news: StoreNews, wereBehind: Set<Int>)
        -> (told: [([StoreChange], AsyncStream<StoreChange>.Continuation)], ended: [AsyncStream<StoreChange>.Continuation])
    {
        var concerned = wereBehind.intersection(behind)
        for message in news.messages { concerned.formUnion(byRoom[message.roomID] ?? []) }
        for (message, _) in news.changed { concerned.formUnion(byRoom[message.roomID] ?? []) }
        for read in news.reads { concerned.formUnion(byRoom[read.roomID] ?? []) }
        for (room, _) in news.rooms {
            concerned.formUnion(byRoom[room.id] ?? [])
            for member in room.members { concerned.formUnion(byAccount[Accounts.key(member.name)] ?? []) }
        }
        for hash in news.endedSessions.keys { concerned.formUnion(bySession[hash] ?? []) }

        var changesTold: [([StoreChange], AsyncStream<StoreChange>.Continuation)] = []
        var ended: [AsyncStream<StoreChange>.Continuation] = []
        for id in concerned {
            guard var stream = streams[id] else { continue }
            if behind.contains(id) {
                // Begun after this look started to read: the next look tells it.
                guard wereBehind.contains(id) else { continue }
            } else if let told {
                stream.follower.move(to: told)
            }
            if stream.follower.isEnded(by: news) {
                remove(id).map { ended.append($0) }
                continue
            }
            let roomsBefore = Set(stream.follower.rooms.keys)
            let changes = stream.follower.take(news)
            let roomsAfter = Set(stream.follower.rooms.keys)
            if roomsAfter != roomsBefore { index(id, stream.follower, rooms: roomsAfter, was: roomsBefore) }
            streams[id] = stream
            // A stream begun in a snapshot newer than this news stays behind, at its own cursor.
            if stream.follower.cursor == news.through { behind.remove(id) }
            if !changes.isEmpty { changesTold.append((changes, stream.continuation)) }
        }
        told = news.through
        return (changesTold, ended)
    }

    private mutating func index(_ id: Int, _ follower: StoreFollower, rooms: Set<Int>, was: Set<Int>) {
        for room in was.subtracting(rooms) { Self.drop(id, from: &byRoom, at: room) }
        for room in rooms.subtracting(was) { byRoom[room, default: []].insert(id) }
    }

    private static func drop<Key: Hashable>(_ id: Int, from index: inout [Key: Set<Int>], at key: Key) {
        index[key]?.remove(id)
        if index[key]?.isEmpty == true { index[key] = nil }
    }
}
