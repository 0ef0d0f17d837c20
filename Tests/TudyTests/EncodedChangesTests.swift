import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudyServer

/// A change pushed to many listeners is encoded once: the frames made from the kept JSON must be
/// exactly what encoding each frame gives, and what is kept must stay bounded.
@Suite("Encoded changes")
struct EncodedChangesTests {
    /// Texts that JSON escapes, or that a careless splice would break.
    private static let awkward = [
        "", "plain", "quote \" and backslash \\", "slash / and </script>", "tab\tnew\nline\r", "\u{1}\u{1F}\u{7F}",
        "ß 한글 🧑‍💻", "{\"change\":1}", String(repeating: "long ", count: 500),
    ]

    /// A change of every kind, its texts and numbers drawn from `random`.
    private static func change(_ random: inout SeededGenerator) -> StoreChange {
        let text = awkward.randomElement(using: &random)!
        let ann = User(name: awkward.randomElement(using: &random)!.isEmpty ? "ann" : "ann \(text.prefix(8))")
        let sentAt = Date(timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &random)) + 0.125)
        let quote = Bool.random(using: &random) ? Quote(id: 3, sender: User(name: "ben"), text: text, status: .edited) : nil
        let message = Message(
            id: Int.random(in: 1...1_000_000, using: &random), roomID: Int.random(in: 1...100, using: &random), sender: ann,
            text: text, sentAt: sentAt, status: [.sent, .edited, .deleted].randomElement(using: &random)!,
            kind: Bool.random(using: &random) ? .action : .text, replyTo: quote,
            reactions: Bool.random(using: &random) ? [Reaction(emoji: "👍", count: 2)] : [])
        let room = Room(
            id: message.roomID, kind: .group, members: [ann, User(name: "ben")], departed: [User(name: "cy")], name: text,
            topic: Bool.random(using: &random) ? text : nil)
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return .message(message)
        case 1: return .messageChanged(message)
        case 2: return .joined(room)
        case 3: return .left(roomID: room.id)
        case 4: return .roomChanged(room)
        default: return .read(roomID: room.id, reader: ann, upTo: message.id)
        }
    }

    private static func encoded(_ change: StoreChange, subscription: Int) throws -> String {
        var frame = WireFrame(type: .change)
        frame.subscription = subscription
        frame.change = WireChange(change)
        return try WireCodec().encode(frame)
    }

    @Test("a frame made from a change's kept JSON is the frame encoding gives, for every kind of change and text", arguments: [1, 2, 3] as [UInt64])
    func framesAsEncoded(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let encoded = EncodedChanges()
        var changes: [StoreChange] = []
        for _ in 0..<300 {
            // Now and then a change pushed before comes again, as it does to each listener.
            let change = changes.isEmpty || Bool.random(using: &random) ? Self.change(&random) : changes.randomElement(using: &random)!
            changes.append(change)
            let subscription = Int.random(in: 1...1_000_000, using: &random)
            #expect(encoded.frame(change, subscription: subscription) == (try Self.encoded(change, subscription: subscription)))
        }
    }

    @Test("at most EncodedChanges.capacity are kept, none longer than EncodedChanges.largestKept; one like a kept one but for a field is not taken for it")
    func keptIsBounded() throws {
        let encoded = EncodedChanges()
        let sentAt = Date(timeIntervalSince1970: 1_000)
        func message(_ id: Int, _ text: String) -> StoreChange {
            .message(Message(id: id, roomID: 1, sender: User(name: "ann"), text: text, sentAt: sentAt))
        }
        for id in 1...(EncodedChanges.capacity * 3) { _ = encoded.frame(message(id, "hello \(id)"), subscription: 1) }
        #expect(encoded.count == EncodedChanges.capacity)

        let fresh = EncodedChanges()
        let long = message(1, String(repeating: "x", count: EncodedChanges.largestKept))
        #expect(fresh.frame(long, subscription: 7) == (try Self.encoded(long, subscription: 7)))
        #expect(fresh.count == 0, "a change whose JSON is over \(EncodedChanges.largestKept) bytes was kept")

        // The same id with another text (or another kind of change of it) is encoded afresh.
        _ = fresh.frame(message(5, "first"), subscription: 1)
        #expect(fresh.frame(message(5, "second"), subscription: 2) == (try Self.encoded(message(5, "second"), subscription: 2)))
        #expect(EncodedChanges.capacity == 64 && EncodedChanges.largestKept == 16 * 1024)
    }
}
