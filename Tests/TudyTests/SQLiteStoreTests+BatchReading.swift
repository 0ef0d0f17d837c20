import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudySQLite

// New messages of several rooms read together (`BatchReading`), as a look at the list of rooms
// reads them: what each room's own read gives, in one read.
extension SQLiteStoreTests {
    @Test("the new messages of several rooms are read in one read, each room's as its own read gives them; a room not hers fails the read")
    func readsTogether() async throws {
        let (_, store, statements) = try tracedStore()
        let (withBob, alice, bob) = try await aliceAndBob(in: store)
        let carol = try await store.signUp(name: "carol", password: "carol-password")
        let withCarol = try await store.directRoom(between: alice, and: carol.user)
        let notHers = try await store.directRoom(between: bob, and: carol.user)
        var firsts: [Int: Int] = [:]
        for number in 1...4 {
            let fromBob = try await store.send("bob \(number)", to: withBob.id, from: bob)
            let fromCarol = try await store.send("carol \(number)", to: withCarol.id, from: carol)
            if number == 1 { firsts = [withBob.id: fromBob.id, withCarol.id: fromCarol.id] }
        }
        _ = try await store.send("not for alice", to: notHers.id, from: carol)

        let after = [withBob.id: firsts[withBob.id]!, withCarol.id: firsts[withCarol.id]! - 1]
        statements.value = []
        let together = try await store.messages(after: after, for: alice, limit: 3)
        #expect(statements.value.count { $0.hasPrefix("BEGIN") } == 1, "\(statements.value)")
        for (roomID, after) in after {
            let alone = try await store.messages(in: roomID, for: alice, after: after, limit: 3)
            #expect(together[roomID] == alone)
        }
        #expect(together[withBob.id]?.map(\.text) == ["bob 2", "bob 3", "bob 4"])
        #expect(together[withCarol.id]?.map(\.text) == ["carol 1", "carol 2", "carol 3"])

        await #expect(throws: StoreError.noSuchRoom(notHers.id)) {
            try await store.messages(after: [withBob.id: 0, notHers.id: 0], for: alice, limit: 3)
        }
    }

    @Test("/wait at the list of rooms reads the news of several rooms in one read")
    @MainActor
    func lookReadsRoomsTogether() async throws {
        let (_, store, statements) = try tracedStore()
        let rita = try await store.signUp(name: "rita", password: "password-rita")
        var rooms: [Int] = []
        for name in ["sam", "tom", "uma"] {
            let sender = try await store.signUp(name: name, password: "password-\(name)")
            let room = try await store.directRoom(between: sender, and: rita.user)
            rooms.append(room.id)
            for number in 1...3 { _ = try await store.send("\(name) to rita \(number)", to: room.id, from: sender) }
        }
        let app = TestApp(store: store)
        try await app.app.start()
        app.context.login.session = rita
        #expect(await app.send("/chat") == [])
        statements.value = []
        #expect(await app.send("/wait 5") == [])
        for name in ["sam", "tom", "uma"] {
            for number in 1...3 { #expect(app.output.standardOutput.contains(": \(name) to rita \(number)\n")) }
        }
        // Each room's read names its room; all of them fall in one transaction.
        let trace = statements.value
        let reads = rooms.compactMap { room in trace.firstIndex { $0.contains("message.room_id = \(room) AND message.id > ") } }
        #expect(reads.count == rooms.count, "\(trace)")
        let transactions = reads.map { read in trace[..<read].count { $0.hasPrefix("BEGIN") } }
        #expect(Set(transactions).count == 1, "\(trace)")
    }
}
