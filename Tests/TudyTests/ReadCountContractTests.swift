import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// Who has read what (the count beside a message, `/seen`): one rule a test, on every store.
@Suite("ChatStore contract: read counts", .closingStores)
struct ReadCountContractTests {
    @Test("a mark moves forward only, no further than the newest message, and the other members are told when it moves", arguments: StoreFactory.all)
    func marks(_ factory: StoreFactory) async throws {
        let (store, s, room) = try await factory.makeWithCastInGroup()
        let first = try await store.send("chapter 3 tonight?", to: room.id, from: s.bob)
        let second = try await store.send("at eight", to: room.id, from: s.bob)
        #expect(try await store.readMarks(in: room.id, for: s.bob).isEmpty, "sending reads nothing")
        let bobs = await ChangeRecorder.reading(try await store.changes(for: s.bob))
        let alices = await ChangeRecorder.reading(try await store.changes(for: s.alice))

        try await store.markRead(roomID: room.id, upTo: second.id, for: s.alice)
        try await store.markRead(roomID: room.id, upTo: first.id, for: s.carol)
        #expect(await bobs.next(2) == [
            .read(roomID: room.id, reader: s.alice.user, upTo: second.id), .read(roomID: room.id, reader: s.carol.user, upTo: first.id),
        ])
        // Back, or nowhere new: nothing moves and nobody is told.
        try await store.markRead(roomID: room.id, upTo: first.id, for: s.alice)
        try await store.markRead(roomID: room.id, upTo: first.id, for: s.carol)
        // Past the newest message: up to it, no further, so what comes next is unread.
        try await store.markRead(roomID: room.id, upTo: second.id + 1_000, for: s.carol)
        #expect(await bobs.next(1) == [.read(roomID: room.id, reader: s.carol.user, upTo: second.id)])
        #expect(await alices.next(2) == [
            .read(roomID: room.id, reader: s.carol.user, upTo: first.id), .read(roomID: room.id, reader: s.carol.user, upTo: second.id),
        ], "nothing of her own mark")
        let marks = try await store.readMarks(in: room.id, for: s.carol)
        #expect(marks == [s.alice.user: second.id, s.carol.user: second.id])
        let third = try await store.send("or nine", to: room.id, from: s.bob)
        let counted = ReadMarks(try await store.readMarks(in: room.id, for: s.bob))
        #expect(counted.readers(of: third, in: room).unread == [s.alice.user, s.carol.user])
        #expect(counted.readers(of: second, in: room).read == [s.alice.user, s.carol.user])
        #expect(try await store.firstUnread(in: room.id, for: s.carol) == third.id)
    }

    @Test("only the room's members read its marks, or mark it", arguments: StoreFactory.all)
    func members(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let room = try await store.directRoom(between: s.alice, and: s.bob.user)
        let said = try await store.send("hi", to: room.id, from: s.alice)
        await #expect(throws: StoreError.noSuchRoom(room.id)) { try await store.readMarks(in: room.id, for: s.carol) }
        await #expect(throws: StoreError.noSuchRoom(room.id)) { try await store.markRead(roomID: room.id, upTo: said.id, for: s.carol) }
        try await store.markRead(roomID: room.id, upTo: said.id, for: s.bob)
        try await store.leave(roomID: room.id, session: s.bob)
        #expect(try await store.readMarks(in: room.id, for: s.alice).isEmpty, "one who left is no longer counted")
    }

    @Test("people sending and reading at once, each at random (seeded): each mark ends at the furthest it was moved to, told in order", arguments: StoreFactory.all)
    func concurrent(_ factory: StoreFactory) async throws {
        let (store, people, room) = try await factory.makeWithGroupOfFour()
        var earlier: [Int] = []
        for index in 0..<10 { earlier.append(try await store.send("before \(index)", to: room.id, from: people[index % 4]).id) }
        let watched = await ChangeRecorder.reading(try await store.changes(for: people[0]))
        var generator = SeededGenerator(seed: 35)
        // Each step sends (nil) or marks the room read up to one of the messages sent before.
        let plans = people.map { _ in (0..<16).map { _ in Bool.random(using: &generator) ? nil : earlier.randomElement(using: &generator)! } }

        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, (person, plan)) in zip(people, plans).enumerated() {
                group.addTask {
                    for (step, mark) in plan.enumerated() {
                        if let mark {
                            try await store.markRead(roomID: room.id, upTo: mark, for: person)
                        } else {
                            _ = try await store.send("from \(index), step \(step)", to: room.id, from: person)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let expected = Dictionary(uniqueKeysWithValues: zip(people, plans).compactMap { person, plan in
            plan.compactMap { $0 }.max().map { (person.user, $0) }
        })
        #expect(try await store.readMarks(in: room.id, for: people[1]) == expected, "plans: \(plans)")

        // A mark is told each time it moves, so the furthest of each is told last of theirs.
        let roomID = room.id
        @Sendable func marks(in changes: [StoreChange]) -> [User: [Int]] {
            changes.reduce(into: [:]) { marks, change in
                if case .read(roomID, let reader, let upTo) = change { marks[reader, default: []].append(upTo) }
            }
        }
        // The watcher is not told of their own.
        let others = expected.filter { $0.key != people[0].user }
        let told = marks(in: await watched.all { marks(in: $0).mapValues { $0.last! } == others })
        #expect(told[people[0].user] == nil)
        for (reader, moves) in told {
            #expect(moves == moves.sorted() && Set(moves).count == moves.count, "\(reader.name) was told as moving \(moves)")
        }
    }
}
