import TudyCore

/// Paces the marks of a room as read while news streams in: a mark at once, then none until
/// `pause` is up, when the app is sent a tick (`AppEvent.tick`) and one mark covers everything
/// shown meanwhile. A busy room costs a few writes a second, however many messages it gets.
@MainActor
final class ReadMarkPacer {
    /// The least time between two marks.
    static let pause = Duration.milliseconds(250)

    private let sleep: @Sendable (Duration) async throws -> Void
    private let pauseEnded: @MainActor () async -> Void
    /// Set while a pause after the last mark runs.
    private(set) var isPaused = false

    /// - Parameter pauseEnded: what the end of a pause sends: the app's tick, which has the
    ///   room in view mark what is due.
    init(sleep: @escaping @Sendable (Duration) async throws -> Void, pauseEnded: @escaping @MainActor () async -> Void) {
        self.sleep = sleep
        self.pauseEnded = pauseEnded
    }

    /// Makes a mark now when one is due and no pause runs; one due when the pause ends is made
    /// on the tick it sends.
    /// - Parameters:
    ///   - isDue: whether there is anything to mark (a change that showed no message writes
    ///     nothing, and so starts no pause).
    ///   - mark: the write.
    func mark(ifDue isDue: @escaping @MainActor () -> Bool, _ mark: @escaping @MainActor () async throws -> Void) async throws {
        guard !isPaused, isDue() else { return }
        // Paused before the mark is awaited: news shown meanwhile waits for the next one.
        isPaused = true
        defer { endPause() }
        try await mark()
    }

    private func endPause() {
        let sleep = sleep
        Task { [weak self] in
            try? await sleep(Self.pause)
            guard let self else { return }
            isPaused = false
            await pauseEnded()
        }
    }
}
