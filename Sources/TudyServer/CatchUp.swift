import TudyCore

/// The messages a client that was away missed, in all of the user's rooms, in id order, read a
/// page of each room at a time as they are pushed: what the server holds for one catch-up is
/// a page per room, however much was missed.
struct CatchUp {
    /// One room's messages not yet pushed: the page read last, and where the next begins.
    private struct RoomReader {
        let roomID: Int
        var page: ArraySlice<Message> = []
        var after: Int
        let horizon: Int
        var isRead = false
    }

    /// The most messages read from the store for one catch-up at once, whatever the rooms.
    static let messagesHeld = 1000
    /// The fewest read of one room at a time, however many rooms there are.
    static let smallestPage = 20

    /// A room to catch up: the messages after one id and up to another.
    struct Room {
        let id: Int
        let after: Int
        let horizon: Int
    }

    private let store: any ChatStore
    private let session: Session
    private let pageSize: Int
    private var readers: [RoomReader]

    init(store: any ChatStore, session: Session, rooms: [Room]) {
        self.store = store
        self.session = session
        pageSize = max(Self.smallestPage, Self.messagesHeld / max(rooms.count, 1))
        readers = rooms.map { RoomReader(roomID: $0.id, after: $0.after, horizon: $0.horizon, isRead: $0.after >= $0.horizon) }
    }

    /// The missed message with the lowest id not yet given; nil once all are given.
    mutating func next() async throws -> Message? {
        for index in readers.indices where readers[index].page.isEmpty && !readers[index].isRead {
            try await readPage(of: index)
        }
        guard let index = readers.indices.filter({ !readers[$0].page.isEmpty }).min(by: {
            readers[$0].page.first!.id < readers[$1].page.first!.id
        }) else { return nil }
        return readers[index].page.popFirst()
    }

    private mutating func readPage(of index: Int) async throws {
        let page = try await store.messages(
            in: readers[index].roomID, for: session, after: readers[index].after, limit: pageSize)
        let wanted = page.prefix { $0.id <= readers[index].horizon }
        readers[index].page = wanted
        readers[index].after = page.last?.id ?? readers[index].after
        readers[index].isRead = page.count < pageSize || wanted.count < page.count
    }
}
