import TudyKit

/// The line searches (`find_messages`, `projects`) wait in before they reach the store: at
/// most `ServerLimits.searchesAtOnce` run at once, in the order they came. However many
/// connections search as fast as they are answered, every other request (a message sent, a
/// room read) finds the store with no more than that many searches ahead of it; a search waits
/// behind at most one of each other connection's (a connection's requests are answered one
/// at a time).
actor SearchLine {
    private let atOnce: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(atOnce: Int = ServerLimits.searchesAtOnce) {
        self.atOnce = atOnce
    }

    /// How many searches wait now, not yet in the store.
    var waitingCount: Int { waiting.count }

    /// Waits for a search's turn; `leave` must follow once it is done.
    func enter() async {
        guard running >= atOnce else {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
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
