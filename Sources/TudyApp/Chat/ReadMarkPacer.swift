import TudyCore

/// Paces the marks of a room as read while news streams in: a mark at once, then none until
/// `pause` is up, when one mark covers everything shown meanwhile. A busy room costs a few
/// writes a second, however many messages it gets.
@MainActor
final class ReadMarkPacer {
    /// The least time between two marks.
    static let pause = Duration.milliseconds(250)

    private let sleep: @Sendable (Duration) async throws -> Void
    /// Set while a pause after the last mark runs.
    private(set) var isPaused = false

    init(sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.sleep = sleep
    }

    /// Makes a mark now when one is due and no pause runs; a mark due when the pause ends is
    /// made then. A failed mark after a pause is left to the next, which covers it.
    /// - Parameters:
    ///   - isDue: whether there is anything to mark (a change that showed no message writes
    ///     nothing, and so starts no pause).
    ///   - mark: the write.
    func mark(ifDue isDue: @escaping @MainActor () -> Bool, _ mark: @escaping @MainActor () async throws -> Void) async throws {
        guard !isPaused, isDue() else { return }
        // Paused before the mark is awaited: news shown meanwhile waits for the next one.
        isPaused = true
        defer { endPause(ifDue: isDue, mark) }
        try await mark()
    }

    private func endPause(ifDue isDue: @escaping @MainActor () -> Bool, _ mark: @escaping @MainActor () async throws -> Void) {
        let sleep = sleep
        Task { [weak self] in
            try? await sleep(Self.pause)
            guard let self else { return }
            isPaused = false
            try? await self.mark(ifDue: isDue, mark)
        }
    }
}
