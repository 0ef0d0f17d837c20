import Synchronization

/// Hangs up on a client that leaves a frame unwritten for the patience: its socket is full, it
/// has stopped reading, and what it is owed would otherwise pile up in the server for ever.
///
/// One watch at a time looks at the frame being written when the patience is over, and sleeps
/// on while frames are written: a timer for each frame was a task and a timer for every
/// delivery, tens of thousands a second on a busy server, where this is one a connection for
/// each patience that sees writing.
final class WritePatience: Sendable {
    private struct State {
        /// When each frame being written now began to be, by a number of its own: a closing
        /// frame may be written while another frame still is.
        var writing: [Int: ContinuousClock.Instant] = [:]
        var nextWrite = 0
        var isWatching = false
        var gaveUp = false
    }

    /// How long a frame may wait for the client to take it.
    let patience: Duration
    private let hangUp: @Sendable () -> Void
    private let state = Mutex(State())

    /// - Parameter hangUp: closes the connection at once, whatever waits to be written.
    init(_ patience: Duration, hangUp: @escaping @Sendable () -> Void) {
        self.patience = patience
        self.hangUp = hangUp
    }

    /// Whether the client was hung up on for taking no frame for the patience.
    var gaveUp: Bool { state.withLock { $0.gaveUp } }

    /// Runs `write`, which waits while the client's socket is full, hanging the client up if it
    /// has not returned within the patience. What it throws is the connection's end, told by
    /// its close. It runs on its caller's actor, as the write does.
    nonisolated(nonsending) func write(_ write: () async throws -> Void) async {
        let (number, startsWatch) = state.withLock { state in
            defer { (state.nextWrite, state.isWatching) = (state.nextWrite + 1, true) }
            state.writing[state.nextWrite] = .now
            return (state.nextWrite, !state.isWatching && !state.gaveUp)
        }
        if startsWatch {
            // Held only while it looks: a connection that ended is not kept for its patience.
            Task { [weak self, patience] in
                var wait = patience
                while true {
                    try? await Task.sleep(for: wait)
                    guard let self, let next = self.lookAgain() else { return }
                    wait = next
                }
            }
        }
        try? await write()
        _ = state.withLock { $0.writing.removeValue(forKey: number) }
    }

    /// How much longer to wait before looking again: what the oldest frame being written has
    /// left of the patience. Nil when none is being written, the watch ending, or when one has
    /// waited it all, the client hung up on.
    private func lookAgain() -> Duration? {
        enum Look { case wait(Duration), stop, giveUp }
        let look = state.withLock { state -> Look in
            guard let since = state.writing.values.min() else {
                state.isWatching = false
                return .stop
            }
            let left = patience - (ContinuousClock.now - since)
            guard left <= .zero else { return .wait(left) }
            (state.isWatching, state.gaveUp) = (false, true)
            return .giveUp
        }
        switch look {
        case .wait(let left): return left
        case .stop: return nil
        case .giveUp:
            hangUp()
            return nil
        }
    }
}
