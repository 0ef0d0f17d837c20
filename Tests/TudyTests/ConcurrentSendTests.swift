import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// Several people send at once, into rooms they are in and rooms they are not, some sends made
/// again with their key (a retry after a lost answer). A SQLite store commits the sends that
/// meet at its writer together, so this is where one refused among them, or a retry beside
/// its first send, would show. Seeded, so a failure repeats.
@Suite("Sends at once", .closingStores)
struct ConcurrentSendTests {
    private struct Send {
        let sender: Int
        let roomID: Int
        let text: String
        let key: String
        /// The earlier send this one makes again, by its index.
        let retryOf: Int?
        var answer: Result<Message, any Error>?
    }

    @Test(
        "every send answered is kept once, with the id it was answered with; a retry gets the first send's message; none refused is kept; each sender's messages in a room are in the order sent",
        arguments: StoreFactory.all)
    func sendsAtOnce(factory: StoreFactory) async throws {
        for seed in UInt64(1)...3 {
            try await run(factory, seed: seed)
        }
    }

    private func run(_ factory: StoreFactory, seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let store = try await factory.make()
        let count = Int.random(in: 3...6, using: &random)
        var sessions: [Session] = []
        for number in 0..<count {
            sessions.append(try await store.signUp(name: "sender\(number)", password: "password-\(number)"))
        }
        // A 1:1 room for each pair of neighbours: each sender is in two rooms and not the rest.
        var members: [Int: Set<Int>] = [:]
        for number in 0..<count {
            let other = (number + 1) % count
            let room = try await store.directRoom(between: sessions[number], and: sessions[other].user)
            members[room.id] = [number, other]
        }
        let roomIDs = members.keys.sorted()

        // Each sender's plan: a room for each send, any room, and now and then its own earlier
        // send made again.
        var plans: [[Send]] = []
        for sender in 0..<count {
            var plan: [Send] = []
            for step in 0..<30 {
                if let earlier = plan.indices.randomElement(using: &random), Int.random(in: 0..<5, using: &random) == 0 {
                    let first = plan[earlier]
                    plan.append(Send(sender: sender, roomID: first.roomID, text: first.text, key: first.key, retryOf: earlier))
                } else {
                    plan.append(
                        Send(
                            sender: sender, roomID: roomIDs.randomElement(using: &random)!, text: "seed \(seed) sender \(sender) step \(step)",
                            key: "key-\(seed)-\(sender)-\(step)", retryOf: nil))
                }
            }
            plans.append(plan)
        }
        let done = try await withThrowingTaskGroup(of: (Int, [Send]).self) { group in
            for (sender, plan) in plans.enumerated() {
                let session = sessions[sender]
                group.addTask {
                    var plan = plan
                    for index in plan.indices {
                        do {
                            plan[index].answer = .success(
                                try await store.send(plan[index].text, to: plan[index].roomID, from: session, key: plan[index].key))
                        } catch {
                            plan[index].answer = .failure(error)
                        }
                    }
                    return (sender, plan)
                }
            }
            var done: [[Send]] = Array(repeating: [], count: count)
            for try await (sender, plan) in group { done[sender] = plan }
            return done
        }

        var kept: [Int: [Message]] = [:]
        for roomID in roomIDs {
            let reader = sessions[members[roomID]!.min()!]
            kept[roomID] = try await store.messages(in: roomID, for: reader, after: 0, limit: 1_000)
        }
        let keptByID = Dictionary(uniqueKeysWithValues: kept.values.joined().map { ($0.id, $0) })
        var answeredIDs: [Int: Set<Int>] = [:]
        for plan in done {
            var newestByRoom: [Int: Int] = [:]
            for send in plan {
                let isMember = members[send.roomID]!.contains(send.sender)
                switch send.answer {
                case .success(let message):
                    #expect(isMember, "seed \(seed): sender\(send.sender) is not in room #\(send.roomID), yet its send was kept")
                    #expect(
                        keptByID[message.id]?.text == send.text && keptByID[message.id]?.roomID == send.roomID,
                        "seed \(seed): #\(message.id), answered to \"\(send.text)\", is not kept as it")
                    answeredIDs[send.roomID, default: []].insert(message.id)
                    if let first = send.retryOf.flatMap({ try? plan[$0].answer?.get() }) {
                        #expect(message.id == first.id, "seed \(seed): the retry of #\(first.id) was answered #\(message.id)")
                    } else if send.retryOf == nil {
                        #expect(
                            message.id > newestByRoom[send.roomID] ?? 0,
                            "seed \(seed): sender\(send.sender)'s \"\(send.text)\" is #\(message.id), before its earlier send")
                        newestByRoom[send.roomID] = message.id
                    }
                case .failure(let error):
                    #expect(!isMember, "seed \(seed): sender\(send.sender)'s send to its room #\(send.roomID) failed: \(error)")
                case nil:
                    Issue.record("seed \(seed): a send was never made")
                }
            }
        }
        for roomID in roomIDs {
            #expect(
                Set(kept[roomID]!.map(\.id)) == answeredIDs[roomID] ?? [],
                "seed \(seed), room #\(roomID): kept \(kept[roomID]!.map(\.id)), answered \((answeredIDs[roomID] ?? []).sorted())")
            #expect(kept[roomID]!.count == Set(kept[roomID]!.map(\.id)).count)
        }
    }
}
