import TudyKit

/// The messages a client that was away missed, in all of the user's rooms, in id order, read a
/// page of each room at a time as they are pushed: what the server holds for one catch-up is
/// a page per room, however much was missed.
struct CatchUp {
    /// One room's messages not yet pushed: the page read last, and where the next begins.
    private struct RoomReader {
        let roomID: Int
        var page: ArraySlice<Message> = []
        var after: Int
        var isRead = false
    }

    /// The most messages read from the store for one catch-up at once, whatever the rooms.
    static let messagesHeld = 1000
    /// The fewest read of one room at a time, however many rooms there are.
    static let smallestPage = 20

    private let store: any ChatStore
    private let session: Session
    private let horizon: Int
    private let pageSize: Int
    private var readers: [RoomReader]

    /// - Parameters: `since` and `horizon`: the messages with ids after the one and up to the
    ///   other are caught up.
    init(store: any ChatStore, session: Session, roomIDs: [Int], since: Int, horizon: Int) {
        self.store = store
        self.session = session
        self.horizon = horizon
        pageSize = max(Self.smallestPage, Self.messagesHeld / max(roomIDs.count, 1))
        readers = roomIDs.map { RoomReader(roomID: $0, after: since, isRead: since >= horizon) }
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
        let wanted = page.prefix { $0.id <= horizon }
        readers[index].page = wanted
        readers[index].after = page.last?.id ?? readers[index].after
        readers[index].isRead = page.count < pageSize || wanted.count < page.count
    }
}
