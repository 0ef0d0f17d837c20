import Foundation
import Testing
@testable import TudyServer

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// `ReplyCache` answers a keyed request that changes the store once, however many repeats of
/// it come, and whenever they come: after its answer, or while it is still being answered.
@Suite("Reply cache")
struct ReplyCacheTests {
    private struct Refused: Error {}

    @Test("a repeat that comes while the first is being answered waits for that answer: the store is asked once, and both get its reply")
    func repeatWaitsForTheFirst() async throws {
        let (cache, asked) = (ReplyCache(), Locked(0))
        let (first, repeated, release) = try await Self.repeatWhileHeld(
            "sign up ann", in: cache, asked: asked, firstAnswer: { Self.frame(7) }, repeatAnswer: Self.frame(8))
        release.finish()
        let (firstReply, repeatReply) = (try await Self.outcome(of: first), try await Self.outcome(of: repeated))
        #expect(firstReply.frame.messageID == 7 && !firstReply.isRepeat)
        #expect(repeatReply.frame.messageID == 7 && repeatReply.isRepeat, "the repeat got \(repeatReply)")
        #expect(asked.value == 1)
        #expect(await cache.repeatsWaiting == 0)
    }

    @Test("a repeat that waited for an answer that failed is answered afresh; nothing of the failure is kept")
    func repeatAfterAFailureIsAnswered() async throws {
        let (cache, asked) = (ReplyCache(), Locked(0))
        let (first, repeated, release) = try await Self.repeatWhileHeld(
            "post", in: cache, asked: asked, firstAnswer: { throw Refused() }, repeatAnswer: Self.frame(9))
        release.finish()
        await #expect(throws: Refused.self) { try await Self.outcome(of: first) }
        let reply = try await Self.outcome(of: repeated)
        #expect(reply.frame.messageID == 9 && !reply.isRepeat)
        let kept = await cache.count
        #expect(asked.value == 2 && kept == 1)
    }

    /// One ask of a seeded plan: which request, how long before it is sent, how long its
    /// answer takes, and whether that fails.
    private struct Ask: Sendable {
        let number: Int
        let scope: String
        let pausesBefore: Int
        let pausesAnswering: Int
        let fails: Bool
    }

    /// What the answers did, per request.
    private struct Answers {
        var running: [String: Int] = [:]
        var mostAtOnce: [String: Int] = [:]
        var succeeded: [String: [Int]] = [:]
        var ran: Set<Int> = []
    }

    @Test(
        "clients repeating requests at random moments, some answers failing: a request is answered by one at a time, at most one answer is kept, and every later ask gets it",
        arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomRepeats(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let scopes = ["sign up ann", "sign up ben", "post 1", "invite cyd"]
        let plan = (0..<60).map { number in
            Ask(
                number: number, scope: scopes.randomElement(using: &random)!,
                pausesBefore: Int.random(in: 0..<8, using: &random), pausesAnswering: Int.random(in: 0..<8, using: &random),
                fails: Int.random(in: 0..<4, using: &random) == 0)
        }
        let cache = ReplyCache()
        let answers = Locked(Answers())
        let asking = Task { await withTaskGroup(of: (Ask, Result<(frame: WireFrame, isRepeat: Bool), any Error>).self) { group in
            for ask in plan {
                group.addTask {
                    for _ in 0..<ask.pausesBefore { await Task.yield() }
                    do {
                        let reply = try await cache.reply(for: ask.scope) {
                            answers.mutate { answers in
                                answers.ran.insert(ask.number)
                                answers.running[ask.scope, default: 0] += 1
                                answers.mostAtOnce[ask.scope] = max(answers.mostAtOnce[ask.scope] ?? 0, answers.running[ask.scope]!)
                            }
                            for _ in 0..<ask.pausesAnswering { await Task.yield() }
                            answers.mutate { answers in
                                answers.running[ask.scope]! -= 1
                                if !ask.fails { answers.succeeded[ask.scope, default: []].append(ask.number) }
                            }
                            if ask.fails { throw Refused() }
                            return Self.frame(ask.number)
                        }
                        return (ask, .success(reply))
                    } catch {
                        return (ask, .failure(error))
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        } }
        let results = try await Self.outcome(of: asking)
        let done = answers.value
        for scope in scopes {
            #expect((done.mostAtOnce[scope] ?? 0) <= 1, "\(scope) was answered \(done.mostAtOnce[scope] ?? 0) times at once")
            #expect((done.succeeded[scope] ?? []).count <= 1, "\(scope) was done by asks \(done.succeeded[scope] ?? [])")
        }
        for (ask, result) in results {
            switch result {
            case .success(let reply):
                // The one answer that succeeded, given to its own ask first and to repeats after.
                #expect(reply.frame.messageID == done.succeeded[ask.scope]?.first, "ask \(ask.number) got \(reply.frame.messageID ?? -1)")
                #expect(reply.isRepeat == (reply.frame.messageID != ask.number))
            case .failure:
                // Only an ask whose own answer ran and failed fails.
                #expect(ask.fails && done.ran.contains(ask.number), "ask \(ask.number) failed without failing itself")
            }
        }
        #expect(await cache.repeatsWaiting == 0)
    }

    private typealias Asking = Task<(frame: WireFrame, isRepeat: Bool), any Error>

    /// An ask of `scope` whose answer (`firstAnswer`) is held until `release` finishes, once it
    /// is being answered; then a repeat of it (whose own answer would be `repeatAnswer`), once
    /// it waits for the first or, wrongly, has been answered on its own. Every answer given
    /// counts itself in `asked`.
    private static func repeatWhileHeld(
        _ scope: String, in cache: ReplyCache, asked: Locked<Int>,
        firstAnswer: @escaping @Sendable () throws -> WireFrame, repeatAnswer: WireFrame
    ) async throws -> (first: Asking, repeated: Asking, release: AsyncStream<Void>.Continuation) {
        let (released, release) = AsyncStream.makeStream(of: Void.self)
        let first = Task {
            try await cache.reply(for: scope) {
                asked.mutate { $0 += 1 }
                for await _ in released { break }
                return try firstAnswer()
            }
        }
        try await waitUntil("the first being answered") { asked.value == 1 }
        let repeated = Task {
            try await cache.reply(for: scope) {
                asked.mutate { $0 += 1 }
                return repeatAnswer
            }
        }
        try await waitUntil("the repeat waiting") { await cache.repeatsWaiting == 1 || asked.value == 2 }
        return (first, repeated, release)
    }

    private static func frame(_ number: Int) -> WireFrame {
        var frame = WireFrame.reply(to: 1)
        frame.messageID = number
        return frame
    }

    /// A task's outcome, or a failure once 10 s have gone without one (an ask left waiting for
    /// ever would otherwise hang the run).
    private static func outcome<Value: Sendable, Failure: Error>(of task: Task<Value, Failure>) async throws -> Value {
        try await within(.seconds(10), orFail: { Unsettled() }) { try await task.value }
    }

    private struct Unsettled: Error, CustomStringConvertible {
        var description: String { "no outcome within 10 s: an ask was left waiting" }
    }
}
