import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudySQLite

// Read marks moved in several rooms at once (`BatchMarking`), as a look at the list of rooms
// moves them: one commit for them all, or none moves.
extension SQLiteStoreTests {
    @Test("read marks in several rooms move in one commit, and none moves when one room is not the reader's")
    func marksTogether() async throws {
        let (_, store, statements) = try tracedStore()
        let (withBob, alice, bob) = try await aliceAndBob(in: store)
        let carol = try await store.signUp(name: "carol", password: "carol-password")
        let withCarol = try await store.directRoom(between: alice, and: carol.user)
        let notHers = try await store.directRoom(between: bob, and: carol.user)
        let fromBob = try await store.send("one", to: withBob.id, from: bob)
        let fromCarol = try await store.send("two", to: withCarol.id, from: carol)
        _ = try await store.send("three", to: notHers.id, from: carol)

        statements.value = []
        try await store.markRead([withBob.id: fromBob.id, withCarol.id: fromCarol.id], for: alice)
        #expect(statements.value.filter { $0.hasPrefix("COMMIT") }.count == 1, "\(statements.value)")
        #expect(try await store.firstUnread(in: withBob.id, for: alice) == nil)
        #expect(try await store.firstUnread(in: withCarol.id, for: alice) == nil)

        let later = try await store.send("four", to: withBob.id, from: bob)
        await #expect(throws: StoreError.noSuchRoom(notHers.id)) {
            try await store.markRead([withBob.id: later.id, notHers.id: Int.max], for: alice)
        }
        #expect(try await store.firstUnread(in: withBob.id, for: alice) == later.id)
    }
}
