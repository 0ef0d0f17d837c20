import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudyServer

/// `SearchLine`: searches reach the store a few at a time, in the order they came.
@Suite("Search line")
struct SearchLineTests {
    @Test("with one search in the store, the next wait, and go on one by one in the order they came")
    func inOrder() async throws {
        let line = SearchLine()
        await line.enter()
        let served = Locked<[Int]>([])
        var tasks: [Task<Void, Never>] = []
        for number in 0..<5 {
            tasks.append(Task {
                await line.enter()
                served.mutate { $0.append(number) }
                await line.leave()
            })
            try await waitUntil("search \(number) waiting") { await line.waitingCount == number + 1 }
        }
        #expect(served.value.isEmpty, "went on while \(ServerLimits.searchesAtOnce) ran: \(served.value)")
        await line.leave()
        for task in tasks { await task.value }
        #expect(served.value == Array(0..<5))
        #expect(await line.waitingCount == 0)
    }

    @Test("searches enter at most at the server's rate: a burst at once, then one each 1/rate of a second, each after the one before, their places kept while they wait")
    func paced() async throws {
        let start = ContinuousClock.now
        let slept = Locked<[Duration]>([])
        // A clock that stands still, and a sleep that only says how long it was asked for.
        let line = SearchLine(
            atOnce: 1, rate: RequestRate(perSecond: 10, burst: 2, now: { start }), sleep: { wait in slept.mutate { $0.append(wait) } })
        var waits: [Duration] = []
        for _ in 0..<4 {
            waits.append(await line.enter())
            await line.leave()
        }
        #expect(waits == [.zero, .zero, .milliseconds(100), .milliseconds(200)])
        #expect(slept.value == [.milliseconds(100), .milliseconds(200)])
    }
}
