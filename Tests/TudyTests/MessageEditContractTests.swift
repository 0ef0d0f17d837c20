import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// `/edit` and `/unsend` as every store does them: the sender's own messages only, whatever
/// id is passed; the change told live to the room; deleted text gone, from search too.
@Suite("ChatStore contract: editing and unsending messages", .closingStores)
struct MessageEditContractTests {
    /// ann and ben in a 1:1 room, cat outside it with a room of her own with ben.
    private struct Rooms {
        let store: any ChatStore
        let ann, ben, cat: Session
        let ours, bensAndCats: Room
    }

    private func rooms(_ factory: StoreFactory) async throws -> Rooms {
        let store = try await factory.make()
        let ann = try await store.signUp(name: "ann", password: "password-ann")
        let ben = try await store.signUp(name: "ben", password: "password-ben")
        let cat = try await store.signUp(name: "cat", password: "password-cat")
        return Rooms(
            store: store, ann: ann, ben: ben, cat: cat, ours: try await store.directRoom(between: ann, and: ben.user),
            bensAndCats: try await store.directRoom(between: ben, and: cat.user))
    }

    private func find(_ query: String, in store: any ChatStore, for session: Session) async throws -> [String] {
        try await store.findMessages(MessageSearch.words(query), for: session, limit: MessageSearch.limit).map(\.text)
    }

    private func page(_ r: Rooms, for session: Session) async throws -> [Message] {
        try await r.store.messages(in: r.ours.id, for: session, before: nil, limit: 10).messages
    }

    @Test("edit: the last message of one's own, or one by id; it keeps its place, marked edited, and search finds the new text", arguments: StoreFactory.all)
    func edit(_ factory: StoreFactory) async throws {
        let r = try await rooms(factory)
        let first = try await r.store.send("see you at nien", to: r.ours.id, from: r.ann)
        _ = try await r.store.send("great", to: r.ours.id, from: r.ben)
        let second = try await r.store.send("bring the slides", to: r.ours.id, from: r.ann)
        // Searched once before the edits, so that a store keeping what it found can not keep it.
        #expect(try await find("nien", in: r.store, for: r.ben) == ["see you at nien"])

        let edited = try await r.store.edit(.last, in: r.ours.id, to: "bring the notes", by: r.ann)
        #expect(edited == second.edited(to: "bring the notes"))
        let fixed = try await r.store.edit(.id(first.id), in: r.ours.id, to: "see you at nine", by: r.ann)
        #expect(fixed.id == first.id && fixed.status == .edited && fixed.sentAt == first.sentAt)

        let shown = try await page(r, for: r.ben)
        #expect(shown.map(\.text) == ["see you at nine", "great", "bring the notes"])
        #expect(shown.map(\.status) == [.edited, .sent, .edited])
        #expect(try await find("nien", in: r.store, for: r.ben) == [], "the old text is out of the index")
        #expect(try await find("nine", in: r.store, for: r.ben) == ["see you at nine"])
        #expect(try await find("slides", in: r.store, for: r.ann) == [])
    }

    @Test("unsend: the text is gone from the store and from search; the place stays, marked deleted", arguments: StoreFactory.all)
    func unsend(_ factory: StoreFactory) async throws {
        let r = try await rooms(factory)
        let secret = try await r.store.send("the door code is 4711", to: r.ours.id, from: r.ann)
        let kept = try await r.store.send("oops, wrong room", to: r.ours.id, from: r.ann)
        #expect(try await find("4711", in: r.store, for: r.ben) == ["the door code is 4711"])

        let deleted = try await r.store.unsend(.id(secret.id), in: r.ours.id, by: r.ann)
        #expect(deleted == Message(id: secret.id, roomID: r.ours.id, sender: secret.sender, text: "", sentAt: secret.sentAt, status: .deleted))
        #expect(try await page(r, for: r.ben) == [deleted, kept])
        #expect(try await find("4711", in: r.store, for: r.ben) == [])
        #expect(try await find("door code", in: r.store, for: r.ann) == [])
        #expect(try await r.store.unsend(.last, in: r.ours.id, by: r.ann) == kept.deleted)
        await #expect(throws: StoreError.nothingToChange, "every message of ann's here is deleted") {
            try await r.store.unsend(.last, in: r.ours.id, by: r.ann)
        }
        await #expect(throws: StoreError.messageDeleted(secret.id)) {
            try await r.store.edit(.id(secret.id), in: r.ours.id, to: "back again", by: r.ann)
        }
        await #expect(throws: StoreError.messageDeleted(secret.id)) {
            try await r.store.unsend(.id(secret.id), in: r.ours.id, by: r.ann)
        }
    }

    @Test("an unsent message is no news: it leaves the unread count and is not the first unread; an edited one stays unread", arguments: StoreFactory.all)
    func unsentIsNotUnread(_ factory: StoreFactory) async throws {
        let r = try await rooms(factory)
        let first = try await r.store.send("are you coming?", to: r.ours.id, from: r.ann)
        let second = try await r.store.send("wrong room, sorry", to: r.ours.id, from: r.ann)
        let third = try await r.store.send("see you at nine", to: r.ours.id, from: r.ann)
        func unread() async throws -> (count: Int?, first: Int?) {
            (try await r.store.rooms(of: r.ben).first { $0.room.id == r.ours.id }?.unreadCount,
             try await r.store.firstUnread(in: r.ours.id, for: r.ben))
        }
        #expect(try await unread() == (3, first.id))

        _ = try await r.store.unsend(.id(first.id), in: r.ours.id, by: r.ann)
        _ = try await r.store.edit(.id(third.id), in: r.ours.id, to: "see you at ten", by: r.ann)
        #expect(try await unread() == (2, second.id))
        _ = try await r.store.unsend(.id(second.id), in: r.ours.id, by: r.ann)
        #expect(try await unread() == (1, third.id))
        _ = try await r.store.unsend(.id(third.id), in: r.ours.id, by: r.ann)
        #expect(try await unread() == (0, nil))
    }

    @Test("nobody edits or unsends another's message, whatever id or room is passed", arguments: StoreFactory.all)
    func authorship(_ factory: StoreFactory) async throws {
        let r = try await rooms(factory)
        let anns = try await r.store.send("ann wrote this", to: r.ours.id, from: r.ann)
        let cats = try await r.store.send("cat wrote this", to: r.bensAndCats.id, from: r.cat)

        await #expect(throws: StoreError.notYourMessage(anns.id)) {
            try await r.store.edit(.id(anns.id), in: r.ours.id, to: "ben wrote this", by: r.ben)
        }
        await #expect(throws: StoreError.notYourMessage(anns.id)) {
            try await r.store.unsend(.id(anns.id), in: r.ours.id, by: r.ben)
        }
        await #expect(throws: StoreError.nothingToChange, "ben has sent nothing to the room") {
            try await r.store.unsend(.last, in: r.ours.id, by: r.ben)
        }
        await #expect(throws: StoreError.noSuchRoom(r.ours.id), "cat is not in the room") {
            try await r.store.edit(.id(anns.id), in: r.ours.id, to: "cat wrote this", by: r.cat)
        }
        await #expect(throws: StoreError.noSuchMessage(cats.id), "cat's message is in another room than the one named") {
            try await r.store.unsend(.id(cats.id), in: r.ours.id, by: r.ann)
        }
        let bens = try await r.store.send("ben wrote this to cat", to: r.bensAndCats.id, from: r.ben)
        await #expect(throws: StoreError.noSuchMessage(bens.id), "even for its own sender, in both rooms") {
            try await r.store.edit(.id(bens.id), in: r.ours.id, to: "moved", by: r.ben)
        }
        await #expect(throws: StoreError.noSuchMessage(99_999)) {
            try await r.store.unsend(.id(99_999), in: r.ours.id, by: r.ann)
        }
        await #expect(throws: StoreError.emptyMessage) {
            try await r.store.edit(.last, in: r.ours.id, to: "  ", by: r.ann)
        }
        #expect(try await page(r, for: r.ann) == [anns])
        #expect(try await r.store.messages(in: r.bensAndCats.id, for: r.ben, before: nil, limit: 10).messages == [cats, bens])
    }

    @Test("an edit and an unsend reach every member of the room live, the sender's other sessions too; nobody else", arguments: StoreFactory.all)
    func liveChange(_ factory: StoreFactory) async throws {
        let r = try await rooms(factory)
        _ = try await r.store.send("meet at the library", to: r.ours.id, from: r.ann)
        let bens = await ChangeRecorder.reading(try await r.store.changes(for: r.ben))
        let anns = await ChangeRecorder.reading(try await r.store.changes(for: r.ann))
        let cats = await ChangeRecorder.reading(try await r.store.changes(for: r.cat))

        let edited = try await r.store.edit(.last, in: r.ours.id, to: "meet at the cafe", by: r.ann)
        // Each change is awaited before the next: a store may tell two quick changes of one
        // message as one, the message as it is now.
        #expect(await bens.next(1) == [.messageChanged(edited)])
        #expect(await anns.next(1) == [.messageChanged(edited)])
        let deleted = try await r.store.unsend(.last, in: r.ours.id, by: r.ann)
        #expect(await bens.next(1) == [.messageChanged(deleted)])
        #expect(await anns.next(1) == [.messageChanged(deleted)])
        let later = try await r.store.send("cat's own room", to: r.bensAndCats.id, from: r.ben)
        #expect(await cats.next(1) == [.message(later)], "cat heard nothing of ann and ben's room")
    }
}
