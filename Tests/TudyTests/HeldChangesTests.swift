import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudyServer

/// What a server holds of live changes while a subscription's catch-up is sent.
@Suite("Changes held behind a catch-up")
struct HeldChangesTests {
    private static func message(_ id: Int, _ text: String, status: Message.Status = .sent) -> Message {
        Message(id: id, roomID: 1, sender: User(name: "ben"), text: text, sentAt: Date(timeIntervalSince1970: 0), status: status)
    }

    @Test("a message's edits are held as its newest, in the place of the first; new messages each in turn")
    func editsCollapse() {
        var held = HeldChanges()
        var taken = [held.hold(.message(Self.message(5, "five")), limit: .max)]
        for edit in 1...1_000 { taken.append(held.hold(.messageChanged(Self.message(2, "edit \(edit)", status: .edited)), limit: .max)) }
        taken.append(held.hold(.message(Self.message(6, "six")), limit: .max))
        taken.append(held.hold(.messageChanged(Self.message(2, "", status: .deleted)), limit: .max))
        #expect(!taken.contains(false))
        #expect(held.inOrder == [
            .message(Self.message(5, "five")), .messageChanged(Self.message(2, "", status: .deleted)), .message(Self.message(6, "six")),
        ])
        #expect(held.bytes == held.inOrder.map(HeldChanges.size(of:)).reduce(0, +))
    }

    @Test("past its limit a change is not held, and what was held stays as it was")
    func limit() {
        var held = HeldChanges()
        let change = StoreChange.message(Self.message(1, String(repeating: "x", count: 1_000)))
        let size = HeldChanges.size(of: change)
        let first = held.hold(change, limit: size)
        let second = held.hold(.message(Self.message(2, "more")), limit: size)
        #expect(first && !second)
        #expect(held.inOrder == [change] && held.bytes == size)
    }

    @Test("changes that come while a catch-up is held up are held within ServerLimits.heldBytesPerSubscription; past it the subscription ends and its client is told why")
    func heldPastTheBound() async throws {
        let base = TestServer.memoryStore()
        let ann = try await base.signUp(name: "ann", password: "ann-password")
        let ben = try await base.signUp(name: "ben", password: "ben-password")
        let room = try await base.directRoom(between: ann, and: ben.user)
        _ = try await base.send("first", to: room.id, from: ben, key: nil)
        let store = FaultyStore(base)
        let gate = CallGate()
        defer { gate.open() }
        // The catch-up reads no page until the gate opens: everything live is held meanwhile.
        store.hold(["messagesAfter"], at: gate)
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }
        let reading = Task {
            try await RawSocket.read(server.url, signedInAs: ann.token, [#"{"id":1,"op":"subscribe","since":0}"#]) { replies in
                replies.contains { $0.contains("subscribe again from what you have") }
            }
        }
        let text = String(repeating: "z", count: Message.maximumLength)
        let most = 2 * ServerLimits.heldBytesPerSubscription / text.utf8.count
        for _ in 0..<most { _ = try await base.send(text, to: room.id, from: ben, key: nil) }
        let outcome = try await reading.value
        #expect(outcome.replies.contains { $0.contains(ServerConnection.heldTooMuch) }, "\(outcome.replies.count) frames, none ending it")
        #expect(!outcome.replies.contains { $0.contains(#""message":{"#) }, "nothing was pushed before the catch-up")
    }
}
