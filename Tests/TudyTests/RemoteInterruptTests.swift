import Foundation
import Testing
@testable import TudyRemote

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// Ctrl-C at a terminal cancels the command that runs: a request it waits on through a server
/// gives up at once, and says whether it may have been done.
@Suite("Remote store: an interrupted request", .serialized, .closingStores, .timeLimit(.minutes(1)))
struct RemoteInterruptTests {
    @Test("a change waiting for the server to come back is given up when its task is cancelled: said not done, and not sent once the server is back")
    func changeWaitingForReconnection() async throws {
        let store = TestServer.memoryStore()
        let server = try await TestServer.start(store)
        // Far longer than the test: the request can only end by being interrupted.
        let client = try await server.client(requestTimeout: .seconds(600))
        let ann = try await client.signUp(name: "ann", password: "ann-password")
        let ben = try await store.signUp(name: "ben", password: "ben-password")
        let room = try await client.directRoom(between: ann, and: ben.user)
        let connection = await StreamRecorder.connectionLines(of: client)
        await server.stop()
        let lost = await connection.next(1)
        #expect(lost.first?.hasPrefix("lost the connection") == true, "\(lost)")

        // A change waits while the connection is down, for the request time: only the
        // cancellation can end it within the test.
        let group = Task { try await client.invite(User(name: "cat"), to: room.id, by: ann).room }
        group.cancel()
        let outcome = await group.result
        #expect(throws: RemoteStoreError.interrupted(url: server.url, wasSent: false)) { try outcome.get() }
        #expect(RemoteStoreError.interrupted(url: server.url, wasSent: false).message.hasPrefix("interrupted: not done"))

        let again = try await TestServer.restart(store, port: server.port)
        defer { Task { await again.stop() } }
        _ = try await store.signUp(name: "cat", password: "cat-password")
        // A change after it goes through, answered after anything sent again on reconnecting:
        // the interrupted invite, which would have made a group room, was not among them.
        #expect(try await client.send("back", to: room.id, from: ann).text == "back")
        #expect(try await store.rooms(of: ben).map(\.room.id) == [room.id])
    }

    @Test("a question given up is a cancellation, nothing to report; a change sent may have been done, and says so")
    func questionAndSentChange() {
        #expect(RemoteStoreError.interrupted(url: "ws://h", wasSent: true).leavesOutcomeUnknown)
        #expect(!RemoteStoreError.interrupted(url: "ws://h", wasSent: false).leavesOutcomeUnknown)
        #expect(RemoteStoreError.interrupted(url: "ws://h", wasSent: true).message.contains("may have been done"))
    }
}
