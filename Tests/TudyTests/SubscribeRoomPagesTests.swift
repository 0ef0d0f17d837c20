import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudyRemote
@testable import TudyServer

/// A subscription's rooms, which can pass a reply's bytes many times, come in pages.
@Suite("A subscription's rooms in pages")
struct SubscribeRoomPagesTests {
    /// Group rooms of ann and 40 others, with names of 64 bytes and each a name and topic of
    /// quotes (which JSON doubles): a few dozen pass a reply's bytes. Each holds a message.
    private func crowdedStore(rooms count: Int) async throws -> (InMemoryChatStore, Session, [Room]) {
        let store = TestServer.memoryStore()
        let others = (0..<40).map { String(repeating: "가", count: 20) + String(format: "%04d", $0) }
        let seed: [String: Any] = [
            "users": (["ann"] + others).map { ["name": $0, "password": "some-password"] },
            "rooms": (0..<count).map { number in
                ["kind": "group", "members": ["ann"] + others, "messages": [["sender": "ann", "text": "hello in \(number)"]]]
            },
        ]
        try await store.load(try JSONDecoder().decode(Fixture.self, from: try JSONSerialization.data(withJSONObject: seed)))
        let ann = try await store.logIn(name: "ann", password: "some-password")
        var rooms: [Room] = []
        for summary in try await store.rooms(of: ann) {
            let name = String(repeating: "\"", count: Room.nameLimit - 4) + String(format: "%04d", rooms.count)
            _ = try await store.rename(roomID: summary.room.id, to: name, by: ann)
            rooms.append(try await store.setTopic(roomID: summary.room.id, to: String(repeating: "\"", count: Room.topicLimit), by: ann))
        }
        return (store, ann, rooms.sorted { $0.id < $1.id })
    }

    @Test("a client that takes pages is given the rooms each filled to a reply's bytes, every room once, all before the subscription's first change; one that does not gets them whole")
    func pagesBeforeChanges() async throws {
        let (store, ann, rooms) = try await crowdedStore(rooms: 30)
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }
        let codec = WireCodec()
        // Since 0: the catch-up sends each room's message after the pages.
        let raw = try await RawSocket.read(server.url, signedInAs: ann.token, [#"{"id":1,"op":"subscribe","since":0,"room_pages":true}"#]) {
            $0.filter { $0.contains(#""kind":"message""#) }.count == rooms.count
        }
        let frames = try raw.replies.map { try codec.decode(WireFrame.self, from: $0) }
        #expect(raw.replies.allSatisfy { $0.utf8.count <= ServerLimits.pageReplyBytes }, "frame sizes: \(raw.replies.map(\.utf8.count))")
        let paged = frames.prefix { $0.change == nil }
        #expect(paged.count > 1 && paged.dropLast().allSatisfy { $0.hasMore == true } && paged.last?.hasMore == nil,
            "pages: \(paged.map { "\($0.rooms?.count ?? -1) more \(String(describing: $0.hasMore))" })")
        let all = try await store.rooms(of: ann).map(\.room.id).sorted()
        #expect(paged.flatMap { $0.rooms ?? [] }.map(\.room.id) == all, "every room once, by id")
        #expect(frames.dropFirst(paged.count).allSatisfy { $0.change != nil && $0.rooms == nil }, "no page after a change")

        let whole = try await RawSocket.exchange(server.url, signedInAs: ann.token, [#"{"id":1,"op":"subscribe"}"#])
        let reply = try codec.decode(WireFrame.self, from: try #require(whole.replies.first))
        #expect(reply.rooms?.map(\.room.id).sorted() == all && reply.hasMore == nil)
    }

    @Test("rooms joined, left and renamed while the connection was down are told once it is back, from every page of the answer and nothing else")
    func reconnectionOverPages() async throws {
        let (store, ann, rooms) = try await crowdedStore(rooms: 30)
        let server = try await TestServer.start(store)
        let client = try await server.client(requestTimeout: .seconds(30))
        let session = try await client.logIn(name: "ann", password: "some-password")
        let changes = await ChangeRecorder.reading(try await client.changes(for: session))
        let connection = await StreamRecorder.connectionLines(of: client)

        await server.stop()
        let lost = await connection.next(1)
        #expect(lost.contains { $0.hasPrefix("lost the connection") }, "told: \(lost)")
        // On the first page and the last, by id.
        try await store.leave(roomID: rooms[0].id, session: ann)
        let renamed = try await store.rename(roomID: rooms[29].id, to: "the last room", by: ann)
        let ben = try await store.signUp(name: "ben", password: "ben-password")
        let direct = try await store.directRoom(between: ben, and: ann.user)

        let again = try await TestServer.restart(store, port: server.port)
        defer { Task { await again.stop(); await client.close() } }
        // The client's next try may come up to ReconnectBackoff.longest after the restart,
        // more than the recorder's usual 5 s once it has backed off under load.
        let back = await changes.next(3, within: 15)
        #expect(Set(back.map(String.init(describing:))) == Set([StoreChange.left(roomID: rooms[0].id), .roomChanged(renamed), .joined(direct)].map(String.init(describing:))),
            "told: \(back)")
        // Nothing more: a message now is the next change told.
        let hello = try await store.send("hello after", to: direct.id, from: ben, key: nil)
        let next = await changes.next(1)
        #expect(next.map { (change: StoreChange) -> Int? in if case .message(let message) = change { message.id } else { nil } } == [hello.id], "told: \(next)")
    }
}
