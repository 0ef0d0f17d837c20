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
        /// When the frame being written now began to be, if one is.
        var writingSince: ContinuousClock.Instant?
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
        let startsWatch = state.withLock { state in
            state.writingSince = .now
            defer { state.isWatching = true }
            return !state.isWatching
        }
        if startsWatch { Task { [weak self] in await self?.watch() } }
        try? await write()
        state.withLock { $0.writingSince = nil }
    }

    /// Sleeps the patience, then as long again as the frame being written then has left of it,
    /// until no frame is being written (the watch ends) or one has waited it all.
    private func watch() async {
        var wait = patience
        while true {
            try? await Task.sleep(for: wait)
            let next = state.withLock { state -> Duration? in
                guard let since = state.writingSince else {
                    state.isWatching = false
                    return nil
                }
                let left = patience - (ContinuousClock.now - since)
                guard left <= .zero else { return left }
                (state.isWatching, state.gaveUp) = (false, true)
                return nil
            }
            guard let next else { break }
            wait = next
        }
        if gaveUp { hangUp() }
    }
}
