import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudySQLite

/// How a SQLite store's feed sorts a look's news out among its streams (`StoreFollowers`):
/// only the streams the news is about are moved, yet every stream is told each change of its
/// own once, and a stream begun mid-look, or ahead of the news, is told from its own cursor.
@Suite("Store followers")
struct StoreFollowersTests {
    static let ann = User(name: "ann"), ben = User(name: "ben"), cyd = User(name: "cyd")
    static let annAndBen = Room(id: 1, kind: .direct, members: [ann, ben])
    static let benAndCyd = Room(id: 2, kind: .direct, members: [ben, cyd])

    static func cursor(message: Int, room: Int = 0, session: Int = 0) -> StoreCursor {
        StoreCursor(message: message, messageChange: 0, roomChange: room, readChange: 0, sessionEnd: session)
    }

    static func follower(_ user: User, in rooms: [Room], at cursor: StoreCursor, session: String? = nil) -> StoreFollower {
        StoreFollower(
            user: user, sessionHash: session ?? user.name, cursor: cursor,
            rooms: Dictionary(uniqueKeysWithValues: rooms.map { ($0.id, $0) }))
    }

    static func news(
        _ messages: [(id: Int, room: Int)], rooms: [(Room, Int)] = [], ended: [String: Int] = [:], through: StoreCursor
    ) -> StoreNews {
        StoreNews(
            through: through,
            messages: messages.map { Message(id: $0.id, roomID: $0.room, sender: ann, text: "#\($0.id)", sentAt: Date(timeIntervalSince1970: 0)) },
            changed: [], rooms: rooms.map { (room: $0.0, change: $0.1) }, reads: [], endedSessions: ended)
    }

    /// Sorts out a look's news as the feed does, and hands each stream what it is told.
    @discardableResult
    static func take(_ news: StoreNews, into followers: inout StoreFollowers, wereBehind: Set<Int>) -> [AsyncStream<StoreChange>.Continuation] {
        let (told, ended) = followers.take(news, wereBehind: wereBehind)
        for (changes, continuation) in told { changes.forEach { continuation.yield($0) } }
        return ended
    }

    /// A stream of someone's, added to `followers`: in `rooms`, told up to `cursor`.
    static func listener(_ user: User, in rooms: [Room], at cursor: StoreCursor, of followers: inout StoreFollowers) -> Listener {
        let listener = Listener()
        followers.add(follower(user, in: rooms, at: cursor), continuation: listener.continuation)
        return listener
    }

    /// What a stream was told, as message numbers (`#3`) and rooms joined.
    final class Listener {
        let stream: AsyncStream<StoreChange>
        let continuation: AsyncStream<StoreChange>.Continuation
        init() { (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self) }

        func told() async -> [String] {
            continuation.finish()
            var all: [String] = []
            for await change in stream {
                switch change {
                case .message(let message): all.append("#\(message.id)")
                case .joined(let room): all.append("joined \(room.id)")
                default: all.append("\(change)")
                }
            }
            return all
        }
    }

    @Test("a look moves only the streams its news is about; each is told its own rooms' messages once, in order")
    func onlyTheConcerned() async throws {
        var followers = StoreFollowers()
        let ann = Self.listener(Self.ann, in: [Self.annAndBen], at: Self.cursor(message: 0), of: &followers)
        let cyd = Self.listener(Self.cyd, in: [Self.benAndCyd], at: Self.cursor(message: 0), of: &followers)
        for batch in [[(1, 1), (2, 2)], [(3, 1)], [(4, 2), (5, 1)]] {
            let (from, behind) = try #require(followers.start())
            #expect(from.message == (batch.first?.0 ?? 1) - 1, "each look reads on from the last, both streams in step")
            let through = Self.cursor(message: batch.last?.0 ?? 0)
            Self.take(Self.news(batch.map { (id: $0.0, room: $0.1) }, through: through), into: &followers, wereBehind: behind)
        }
        #expect(await ann.told() == ["#1", "#3", "#5"])
        #expect(await cyd.told() == ["#2", "#4"])
    }

    @Test("a stream begun while a look reads is not told by it, and the next look reads from its own cursor, however far back")
    func begunMidLook() async throws {
        var followers = StoreFollowers()
        let ann = Self.listener(Self.ann, in: [Self.annAndBen], at: Self.cursor(message: 0), of: &followers)
        var (_, behind) = try #require(followers.start())
        Self.take(Self.news([(1, 1), (2, 1)], through: Self.cursor(message: 2)), into: &followers, wereBehind: behind)
        (_, behind) = try #require(followers.start())
        // Ben begins in a snapshot that saw #1 alone, while the next look reads #3 and #4.
        let ben = Self.listener(Self.ben, in: [Self.annAndBen], at: Self.cursor(message: 1), of: &followers)
        Self.take(Self.news([(3, 1), (4, 1)], through: Self.cursor(message: 4)), into: &followers, wereBehind: behind)
        let from: StoreCursor
        (from, behind) = try #require(followers.start())
        #expect(from.message == 1, "the next look starts at ben's cursor, not where ann stands")
        Self.take(Self.news([(2, 1), (3, 1), (4, 1), (5, 1)], through: Self.cursor(message: 5)), into: &followers, wereBehind: behind)
        #expect(try #require(followers.start()).from.message == 5, "both in step now")
        #expect(await ann.told() == ["#1", "#2", "#3", "#4", "#5"])
        #expect(await ben.told() == ["#2", "#3", "#4", "#5"])
    }

    @Test("a stream begun ahead of a look's news is told nothing at or before its cursor, and stays at it until the news passes it")
    func aheadOfTheNews() async throws {
        var followers = StoreFollowers()
        let ann = Self.listener(Self.ann, in: [Self.annAndBen], at: Self.cursor(message: 0), of: &followers)
        let ben = Self.listener(Self.ben, in: [Self.annAndBen], at: Self.cursor(message: 3), of: &followers)
        let (from, behind) = try #require(followers.start())
        #expect(from.message == 0)
        Self.take(Self.news([(1, 1), (2, 1)], through: Self.cursor(message: 2)), into: &followers, wereBehind: behind)
        let (next, behindNow) = try #require(followers.start())
        #expect(next.message == 2)
        Self.take(Self.news([(3, 1), (4, 1)], through: Self.cursor(message: 4)), into: &followers, wereBehind: behindNow)
        #expect(await ann.told() == ["#1", "#2", "#3", "#4"])
        #expect(await ben.told() == ["#4"])
    }

    @Test("someone brought into a room is told so, and its messages from then on; a session that ends takes its stream out alone")
    func joinedAndEnded() async throws {
        var followers = StoreFollowers()
        let ann = Self.listener(Self.ann, in: [Self.annAndBen], at: Self.cursor(message: 0), of: &followers)
        let cyd = Self.listener(Self.cyd, in: [], at: Self.cursor(message: 0), of: &followers)
        let group = Room(id: 1, kind: .group, members: [Self.ann, Self.ben, Self.cyd])
        var (_, behind) = try #require(followers.start())
        Self.take(Self.news([(1, 1)], rooms: [(group, 1)], through: Self.cursor(message: 1, room: 1)), into: &followers, wereBehind: behind)
        (_, behind) = try #require(followers.start())
        let ended = Self.take(
            Self.news([(2, 1)], ended: ["ann": 1], through: Self.cursor(message: 2, room: 1, session: 1)), into: &followers, wereBehind: behind)
        #expect(ended.count == 1)
        #expect(followers.count == 1)
        ended.forEach { $0.finish() }
        #expect(await ann.told().contains("#2") == false, "nothing committed with the session's end, nor after it")
        #expect(await cyd.told() == ["joined 1", "#1", "#2"])
    }
}
