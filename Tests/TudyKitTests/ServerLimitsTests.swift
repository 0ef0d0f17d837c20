import Foundation
import NIOWebSocket
import Testing
@testable import TudyServer

@testable import TudyKit

/// What one client may make a server hold (`ServerLimits`), each limit hit by a client that
/// passes it, while others go on.
@Suite("Server limits", .serialized, .closingStores)
struct ServerLimitsTests {
    @Test("a subscriber that stops reading is hung up on once a frame has waited the patience; others go on")
    func subscriberThatNeverReads() async throws {
        let store = TestServer.memoryStore()
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        let ben = try await store.signUp(name: "ben", password: "ben-password")
        let room = try await store.directRoom(between: ann, and: ben.user)
        let log = ServerLog()
        let server = try await TestServer.start(store, writePatience: .seconds(1), log: log)
        defer { Task { await server.stop() } }

        // Ann's second device subscribes and then never reads a byte.
        let sleeper = try TCPConnection(port: server.port, receiveBuffer: 4096)
        try sleeper.askForWebSocket()
        try sleeper.sendText(#"{"id":1,"op":"subscribe","token":"\#(ann.token.text)"}"#)
        let client = try await server.client()
        defer { Task { await client.close() } }
        _ = try await client.logIn(name: "ann", password: "ann-password")

        // Ben writes until what the sleeper is owed fills its socket, and a frame waits on it.
        let text = String(repeating: "x", count: Message.maximumLength)
        var sent = 0
        let deadline = ContinuousClock.now + .seconds(60)
        while !log.contains("hung up") && sent < 20_000 && ContinuousClock.now < deadline {
            for _ in 0..<50 { _ = try await store.send(text, to: room.id, from: ben, key: nil) }
            sent += 50
            try await Task.sleep(for: .milliseconds(20))
        }
        let closed = await log.waitFor(1, of: ["connection closed"], within: .seconds(10))
        #expect(closed.first?.details.contains("hung up: it took no frame for 1 s") == true, "\(closed)")

        // Ann's other client, which reads, is still served.
        let changes = await ChangeRecorder.reading(try await client.changes(for: ann))
        let after = try await store.send("after the hang-up", to: room.id, from: ben, key: nil)
        #expect(await changes.next(1, within: 20).map(\.messageText) == [after.text])
    }

    @Test("a connection holds at most ServerLimits.subscriptionsPerConnection subscriptions; one more is refused, the connection goes on")
    func subscriptionsPerConnection() async throws {
        let store = TestServer.memoryStore()
        let ann = try await store.signUp(name: "ann", password: "ann-password")
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }
        let limit = ServerLimits.subscriptionsPerConnection
        let subscribe = #"{"id":1,"op":"subscribe","token":"\#(ann.token.text)"}"#
        let exchange = try await RawSocket.exchange(
            server.url, Array(repeating: subscribe, count: limit + 1) + [#"{"id":2,"op":"rooms","token":"\#(ann.token.text)"}"#])
        let codes = exchange.replies.map { try? WireCodec().decode(WireFrame.self, from: $0).error?.code }
        #expect(codes == Array(repeating: nil, count: limit) + ["too_many_subscriptions", nil], "replies: \(exchange.replies)")
    }

    @Test("one address holds at most its limit of connections; one more is closed, and once one ends another may open")
    func connectionsPerAddress() async throws {
        let server = try await TestServer.start(TestServer.memoryStore(), connectionsPerAddress: 2)
        defer { Task { await server.stop() } }
        let first = try await server.client()
        let second = try await server.client()
        defer { Task { await second.close() } }
        let refused = try await RawSocket.exchange(server.url, [#"{"id":1,"op":"projects"}"#])
        #expect(refused.closeCode == .policyViolation)
        #expect(refused.replies.isEmpty)

        await first.close()
        // The server counts the closed one as gone a moment after the client does.
        let deadline = ContinuousClock.now + .seconds(10)
        var answered = try await RawSocket.exchange(server.url, [#"{"id":1,"op":"projects"}"#])
        while answered.replies.isEmpty && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            answered = try await RawSocket.exchange(server.url, [#"{"id":1,"op":"projects"}"#])
        }
        #expect(answered.replies.count == 1, "no answer once a connection had closed: \(answered)")
    }
}
