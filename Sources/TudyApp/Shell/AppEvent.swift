import TudyCore

/// Everything that happens to the app, as one value, as TCA's actions are: a line typed or
/// read, a paste, news from the live feed (a store change, the connection lost or back, the
/// stream or the session ended), a tick and Ctrl-C. The REPL hands each to `TabBarCoordinator.receive(_:)`,
/// the one entry; from there a line reaches the screen in view through `Screen.handle(_:)` and
/// a change through `Screen.receive(_:)`.
enum AppEvent: Equatable, Sendable {
    /// A line typed at the prompt or read from a script.
    case line(String)
    /// Text pasted at a terminal, whole.
    case paste(String)
    /// A script's run of plain messages for the open room, sent in one commit where the store
    /// can; where it can not, the outcome says so and each line is to come as a `.line`.
    case messages([String])
    /// What the live feed brought, oldest first.
    case news([LiveNews])
    /// Ctrl-C while no command runs.
    case interrupt
    /// A pause the app set ran out: a room's marks as read were paced (`ReadMarkPacer`), and
    /// what was shown meanwhile may be marked now.
    case tick
}

extension TabBarCoordinator {
    /// What came of an event.
    enum EventOutcome: Equatable, Sendable {
        /// The session goes on.
        case proceed
        /// `/quit`: the session ends.
        case quit
        /// A run of messages that could not go in one commit: nothing of it was sent.
        case declined
    }

    /// The one entry: acts on an event.
    /// - Throws: a `UserFacingError` for a line that could not do what it asked; the session goes on.
    func receive(_ event: AppEvent) async throws -> EventOutcome {
        switch event {
        case .line(let line):
            return try await handle(line: line) == .quit ? .quit : .proceed
        case .paste(let text):
            try await handle(paste: text)
        case .messages(let lines):
            return await sendTogether(lines) ? .proceed : .declined
        case .news(let news):
            await show(news)
        case .interrupt:
            await interrupt()
        case .tick:
            // A failed mark is left to the next one, which covers it.
            try? await roomInView?.receive(.newsShown)
        }
        return .proceed
    }
}
