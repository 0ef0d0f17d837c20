import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// `/react`: one rule a test, on every store.
@Suite("ChatStore contract: reactions", .closingStores)
struct ReactionContractTests {
    @Test("an emoji set is counted, told live, kept through an edit and read back in order of first use; set again, it is taken back", arguments: StoreFactory.all)
    func toggle(_ factory: StoreFactory) async throws {
        let (store, s, room) = try await factory.makeWithCastInGroup()
        let said = try await store.send("see you at ten", to: room.id, from: s.bob)
        let bobs = await ChangeRecorder.reading(try await store.changes(for: s.bob))

        let liked = try await store.react(to: said.id, in: room.id, with: "👍", by: s.alice)
        #expect(liked.reactions == [Reaction(emoji: "👍", count: 1)] && liked.text == said.text)
        #expect(await bobs.next(1) == [.messageChanged(liked)])
        _ = try await store.react(to: said.id, in: room.id, with: "👍", by: s.carol)
        let both = try await store.react(to: said.id, in: room.id, with: "❤", by: s.alice)
        #expect(both.reactions == [Reaction(emoji: "👍", count: 2), Reaction(emoji: "❤", count: 1)])
        let takenBack = try await store.react(to: said.id, in: room.id, with: "👍", by: s.alice)
        #expect(takenBack.reactions == [Reaction(emoji: "👍", count: 1), Reaction(emoji: "❤", count: 1)])
        // Quick changes of one message may be told as one, the last.
        let told = await bobs.until { $0 == .messageChanged(takenBack) }
        #expect(told.allSatisfy { if case .messageChanged(let message) = $0 { message.id == said.id } else { false } }, "\(told)")

        #expect(try await store.messages(in: room.id, for: s.carol, before: nil, limit: 5).messages.last?.reactions == takenBack.reactions)
        #expect(try await store.messages(in: room.id, for: s.carol, after: 0, limit: 5).last?.reactions == takenBack.reactions)
        #expect(try await store.findMessages(MessageSearch.words("ten"), for: s.alice, limit: 5).first?.reactions == takenBack.reactions)
        let edited = try await store.edit(.last, in: room.id, to: "see you at eleven", by: s.bob)
        #expect(edited.reactions == takenBack.reactions, "an edit keeps them")
        let unsent = try await store.unsend(.last, in: room.id, by: s.bob)
        let shown = try await store.messages(in: room.id, for: s.alice, before: nil, limit: 5).messages.last
        #expect(unsent.reactions.isEmpty && shown?.reactions.isEmpty == true, "an unsent message shows none")
        await #expect(throws: StoreError.messageDeleted(said.id)) { try await store.react(to: said.id, in: room.id, with: "👍", by: s.alice) }
    }

    @Test("only one emoji, on a message of the room, by a member", arguments: StoreFactory.all)
    func refusals(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let ours = try await store.directRoom(between: s.alice, and: s.bob.user)
        let theirs = try await store.directRoom(between: s.bob, and: s.carol.user)
        let said = try await store.send("hello", to: ours.id, from: s.bob)
        let elsewhere = try await store.send("psst", to: theirs.id, from: s.carol)
        for bad in ["", "a", "1", "#", "👍👍", "ok👍", "\u{1B}", "👍\u{07}"] {
            await #expect(throws: StoreError.notAnEmoji(bad), "\(bad.debugDescription)") {
                try await store.react(to: said.id, in: ours.id, with: bad, by: s.alice)
            }
        }
        #expect(try await store.react(to: said.id, in: ours.id, with: "👩‍💻", by: s.alice).reactions == [Reaction(emoji: "👩‍💻", count: 1)])
        await #expect(throws: StoreError.noSuchMessage(elsewhere.id)) { try await store.react(to: elsewhere.id, in: ours.id, with: "👍", by: s.alice) }
        await #expect(throws: StoreError.noSuchRoom(theirs.id)) { try await store.react(to: elsewhere.id, in: theirs.id, with: "👍", by: s.alice) }
    }

    @Test("a message carries at most Reaction.kindsLimit different emoji; more of one it has are still counted", arguments: StoreFactory.all)
    func kindsLimit(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let room = try await store.directRoom(between: s.alice, and: s.bob.user)
        let said = try await store.send("vote", to: room.id, from: s.bob)
        let faces = (0..<Reaction.kindsLimit).map { String(UnicodeScalar(0x1F600 + $0)!) }
        for face in faces { _ = try await store.react(to: said.id, in: room.id, with: face, by: s.alice) }
        await #expect(throws: StoreError.tooManyReactions(said.id)) { try await store.react(to: said.id, in: room.id, with: "🦉", by: s.bob) }
        let more = try await store.react(to: said.id, in: room.id, with: faces[0], by: s.bob)
        #expect(more.reactions.count == Reaction.kindsLimit && more.reactions.first == Reaction(emoji: faces[0], count: 2))
    }

    @Test("people reacting at once, each at random (seeded): every emoji counts those who set it an odd number of times", arguments: StoreFactory.all)
    func concurrent(_ factory: StoreFactory) async throws {
        let (store, people, room) = try await factory.makeWithGroupOfFour()
        let said = try await store.send("which day?", to: room.id, from: people[0])
        let emoji = ["👍", "❤", "🎉"]
        var generator = SeededGenerator(seed: 38)
        let plans = people.map { _ in (0..<12).map { _ in emoji.randomElement(using: &generator)! } }

        try await withThrowingTaskGroup(of: Void.self) { group in
            for (person, plan) in zip(people, plans) {
                group.addTask {
                    for each in plan { _ = try await store.react(to: said.id, in: room.id, with: each, by: person) }
                }
            }
            try await group.waitForAll()
        }
        let expected = emoji.map { each in (each, plans.count { plan in plan.count { $0 == each } % 2 == 1 }) }.filter { $0.1 > 0 }
        let final = try #require(try await store.messages(in: room.id, for: people[0], before: nil, limit: 1).messages.last)
        #expect(Dictionary(uniqueKeysWithValues: final.reactions.map { ($0.emoji, $0.count) })
            == Dictionary(uniqueKeysWithValues: expected), "plans: \(plans)")
    }
}
