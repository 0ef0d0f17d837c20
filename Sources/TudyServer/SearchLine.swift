import TudyCore
import TudyWire

/// The line searches (`find_messages`, `projects`) wait in before they reach the store: at
/// most `ServerLimits.searchesAtOnce` run at once, in the order they came. However many
/// connections search as fast as they are answered, every other request (a message sent, a
/// room read) finds the store with no more than that many searches ahead of it; a search waits
/// behind at most one of each other connection's (a connection's requests are answered one
/// at a time). And at most `ServerLimits.searchesPerSecond` enter a second: searches as fast
/// as they are answered, however cheap each, would otherwise take every processor from the
/// rest, a search that waits for its second holding its place, so the order is kept.
actor SearchLine {
    private let atOnce: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var rate: RequestRate
    private let sleep: @Sendable (Duration) async -> Void

    init(
        atOnce: Int = ServerLimits.searchesAtOnce,
        rate: RequestRate = RequestRate(perSecond: ServerLimits.searchesPerSecond, burst: ServerLimits.searchBurst),
        sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    ) {
        self.atOnce = atOnce
        self.rate = rate
        self.sleep = sleep
    }

    /// How many searches wait now, not yet in the store.
    var waitingCount: Int { waiting.count }

    /// Waits for a search's turn, and then for its second; `leave` must follow once it is done.
    /// - Returns: how long it waited for its second.
    @discardableResult
    func enter() async -> Duration {
        if running < atOnce {
            running += 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        let wait = rate.reserve()
        if wait > .zero { await sleep(wait) }
        return wait
    }

    /// A search is done: the first waiting takes its place in the store.
    func leave() {
        guard !waiting.isEmpty else {
            running -= 1
            return
        }
        waiting.removeFirst().resume()
    }
}
