import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// `/me`: an action is a message of its own kind, kept as such by every store, told live as
/// such, and still one after an edit; a resend under its key is the one action.
@Suite("ChatStore contract: actions (/me)", .closingStores)
struct MessageKindContractTests {
    @Test("an action is kept, paged, found, told live and edited as an action; words stay words", arguments: StoreFactory.all)
    func action(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let ann = try await store.signUp(name: "ann", password: "password-ann")
        let ben = try await store.signUp(name: "ben", password: "password-ben")
        let room = try await store.directRoom(between: ann, and: ben.user)
        let bens = await ChangeRecorder.reading(try await store.changes(for: ben))

        let said = try await store.send("hello", to: room.id, from: ann)
        let waved = try await store.send(OutgoingMessage("waves", kind: .action, key: "wave-1"), to: room.id, from: ann)
        #expect(said.kind == .text && waved.kind == .action)
        #expect(await bens.next(2) == [.message(said), .message(waved)])
        let again = try await store.send(OutgoingMessage("waves", kind: .action, key: "wave-1"), to: room.id, from: ann)
        #expect(again == waved, "a resend under the same key is the action sent first")

        let page = try await store.messages(in: room.id, for: ben, before: nil, limit: 10).messages
        #expect(page.map(\.kind) == [.text, .action])
        #expect(try await store.messages(in: room.id, for: ben, after: said.id, limit: 10) == [waved])
        #expect(try await store.findMessages(MessageSearch.words("waves"), for: ben, limit: 10) == [waved])

        let edited = try await store.edit(.last, in: room.id, to: "waves back", by: ann)
        #expect(edited.kind == .action && edited.text == "waves back")
        #expect(await bens.next(1) == [.messageChanged(edited)])
        #expect(try await store.rooms(of: ben).first?.lastMessage?.kind == .action)
    }

    @Test("a reply carries the message it answers, live too; the quote follows an edit and an unsend; only a message of the room can be answered", arguments: StoreFactory.all)
    func reply(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let ann = try await store.signUp(name: "ann", password: "password-ann")
        let ben = try await store.signUp(name: "ben", password: "password-ben")
        let cat = try await store.signUp(name: "cat", password: "password-cat")
        let ours = try await store.directRoom(between: ann, and: ben.user)
        let bensAndCats = try await store.directRoom(between: ben, and: cat.user)
        let elsewhere = try await store.send("in another room", to: bensAndCats.id, from: ben)
        let asked = try await store.send("are you joining on Saturday?", to: ours.id, from: ann)
        let bens = await ChangeRecorder.reading(try await store.changes(for: ben))

        let answer = try await store.send(OutgoingMessage("yes, I am in", replyingTo: asked.id), to: ours.id, from: ben)
        #expect(answer.replyTo == Quote(asked))
        #expect(await bens.next(1) == [.message(answer)])
        await #expect(throws: StoreError.noSuchMessage(elsewhere.id), "a message of another room is no message of this one") {
            try await store.send(OutgoingMessage("sneaky", replyingTo: elsewhere.id), to: ours.id, from: ann)
        }
        await #expect(throws: StoreError.noSuchMessage(9_999)) {
            try await store.send(OutgoingMessage("to nothing", replyingTo: 9_999), to: ours.id, from: ann)
        }

        let edited = try await store.edit(.id(asked.id), in: ours.id, to: "are you joining on Sunday?", by: ann)
        #expect(try await store.messages(in: ours.id, for: ben, after: asked.id, limit: 10).first?.replyTo == Quote(edited))
        _ = try await store.unsend(.id(asked.id), in: ours.id, by: ann)
        let quote = try await store.messages(in: ours.id, for: ann, before: nil, limit: 10).messages.last?.replyTo
        #expect(quote?.status == .deleted && quote?.text == "", "a reply to an unsent message shows that it was: \(String(describing: quote))")
        #expect(try await store.messages(in: ours.id, for: ann, before: nil, limit: 10).messages.first?.replyTo == nil)
    }

    @Test("a message from before kinds, or from a peer that sends none, is words said; an action is written with its kind")
    func wire() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let old = #"{"id": 1, "room_id": 2, "sender": {"name": "ann"}, "text": "hi", "sent_at": "2026-11-26T08:00:00Z", "status": "sent"}"#
        #expect(try decoder.decode(Message.self, from: Data(old.utf8)).kind == .text)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let action = Message(id: 1, roomID: 2, sender: User(name: "ann"), text: "waves", sentAt: Date(timeIntervalSince1970: 0), kind: .action)
        let words = Message(id: 1, roomID: 2, sender: User(name: "ann"), text: "hi", sentAt: Date(timeIntervalSince1970: 0))
        #expect(String(decoding: try encoder.encode(action), as: UTF8.self).contains(#""kind":"action""#))
        #expect(!String(decoding: try encoder.encode(words), as: UTF8.self).contains("kind"))
        #expect(try decoder.decode(Message.self, from: try encoder.encode(action)) == action)
    }
}
