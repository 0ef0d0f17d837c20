import TudyCore
import TudyTerminal

/// The read-eval-print loop: reads lines, hands them to the tab bar, reports errors, and
/// shows what the store reports while a person waits at the prompt.
///
/// Nothing here blocks: reading a line, the store's changes and signals are all events on
/// the main actor. A change that arrives while a command runs, or while a password or a
/// form's answer is being typed, waits until the command prompt is back.
@MainActor
package final class REPL {
    /// How the loop behaves.
    package struct Options: Sendable {
        /// Stop at the first failed command.
        var bail: Bool
        /// A person at a terminal, rather than a script.
        var isInteractive: Bool

        package init(bail: Bool = false, isInteractive: Bool = false) {
            self.bail = bail
            self.isInteractive = isInteractive
        }
    }

    /// The most lines of a script's run of messages sent in one commit: enough that a commit's
    /// sync is spread thin, few enough that the first is shown soon.
    static let messagesPerCommit = 64

    private let app: AppCoordinator
    private let reader: any LineReader
    private let console: Console
    private let options: Options
    /// Whether the reader waits at a command prompt, where changes are shown as they come.
    private var isWaitingAtPrompt = false
    private var isShowingChanges = false

    package init(app: AppCoordinator, reader: any LineReader, console: Console, options: Options) {
        self.app = app
        self.reader = reader
        self.console = console
        self.options = options
    }

    /// Runs until `/quit` or the end of input; how it ended: for a script, whether any command
    /// failed; at a terminal, finished; whether standard output was closed under it.
    package func run() async -> RunOutcome {
        if options.isInteractive { console.line("tudy: /help lists the commands, /quit leaves") }
        do {
            try await app.start()
        } catch {
            console.refuse(error)
            return .stoppedByError
        }
        guard let tabBar = app.tabBarCoordinator else { return .stoppedByError }
        let context = tabBar.context
        tabBar.readsScript = !options.isInteractive
        if !options.isInteractive { context.loginLeavesKeptLogin = true }
        context.showsLiveMessages = options.isInteractive
        context.alarms.isArmed = options.isInteractive
        context.confirmsDeletion = options.isInteractive
        if options.isInteractive {
            context.live.onArrival = { [weak self] in self?.changesArrived() }
            context.live.showsTypingWhileWaiting = { [weak self] shown in await self?.showTypingWhileWaiting(shown) }
            reader.completes { [weak tabBar] in await tabBar?.completionVocabulary() }
        }
        defer {
            context.live.onArrival = nil
            context.live.showsTypingWhileWaiting = nil
        }
        var failed = false
        loop: while true {
            var request: LineRequest
            if options.isInteractive {
                // A script follows nobody's changes until it asks, with `/wait`.
                await context.live.follow(context.login.session)
                repeat {
                    if tabBar.isAtCommandPrompt { await showChanges(context.live.takeAll(), to: tabBar) }
                    request = await tabBar.interactiveLineRequest()
                    // What came while the prompt was worked out is shown before it is drawn: from
                    // here to the reader's wait nothing is awaited, so nothing comes unnoticed.
                } while tabBar.isAtCommandPrompt && !context.live.pending.isEmpty
                if let draft = tabBar.unsentDraft {
                    request.draft = draft
                    tabBar.unsentDraft = nil
                }
            } else {
                // A script is not shown others' news until it asks, but a lost connection
                // explains the errors that follow it, so that is shown at once.
                await showChanges(context.live.takeConnectionReports(), to: tabBar)
                request = tabBar.lineRequest
            }
            isWaitingAtPrompt = options.isInteractive && tabBar.isAtCommandPrompt
            let result = await reader.readLine(request)
            isWaitingAtPrompt = false
            switch result {
            case .interrupted:
                _ = try? await tabBar.receive(.interrupt)
            case .end:
                if let unfinished = tabBar.unfinishedFlow {
                    console.error("input ended: \(unfinished)", code: "input_ended")
                    failed = true
                }
                break loop
            case .rejected(let problem):
                if tabBar.skipRefusedPasswordLine() { continue }
                console.refuse(problem)
                failed = true
            case .line(let line):
                // A script's run of messages, as far as it has come, goes in one commit.
                if !options.isInteractive, tabBar.isPlainMessage(line) {
                    let run = [line] + reader.takeReadyLines(limit: Self.messagesPerCommit - 1, while: tabBar.isPlainMessage)
                    if run.count > 1 {
                        if (try? await tabBar.receive(.messages(run))) != .proceed {
                            failed = await handleOneByOne(run, tabBar: tabBar) || failed
                        }
                        if console.isClosed { return .outputClosed }
                        if failed && options.bail { break loop }
                        continue
                    }
                }
                do {
                    // A message is never interrupted: whether it was stored would be left unknown.
                    let outcome = if case .command = InputLine(parsing: line) {
                        try await interruptibly { try await tabBar.receive(.line(line)) }
                    } else {
                        try await tabBar.receive(.line(line))
                    }
                    if outcome == .quit { break loop }
                } catch is CancellationError {
                    // Ctrl-C: the ^C shown says it; the prompt comes back.
                } catch {
                    console.refuse(error)
                    failed = true
                }
            case .paste(let text):
                do {
                    _ = try await tabBar.receive(.paste(text))
                } catch {
                    console.refuse(error)
                    failed = true
                }
            }
            if console.isClosed { return .outputClosed }
            if failed && options.bail { break }
        }
        // A person who leaves with /quit or Ctrl-D has seen every error already; only a script
        // reports earlier failures in its exit status.
        return failed && !options.isInteractive ? .commandFailed : .finished
    }

    /// Runs a person's command so that Ctrl-C cancels it: a wait (`/wait 3600`) then ends at
    /// once and the prompt comes back. A script's commands run as they are.
    private func interruptibly<T: Sendable>(_ body: @escaping @MainActor () async throws -> T) async throws -> T {
        guard options.isInteractive else { return try await body() }
        let command = Task { @MainActor in try await body() }
        reader.interruptsCommands { command.cancel() }
        defer { reader.interruptsCommands(with: nil) }
        return try await command.value
    }

    /// Lines handled each in turn, as they came; whether any failed. With `--bail`, none after
    /// the first that fails.
    private func handleOneByOne(_ lines: [String], tabBar: TabBarCoordinator) async -> Bool {
        var failed = false
        for line in lines {
            do {
                _ = try await tabBar.receive(.line(line))
            } catch {
                console.refuse(error)
                failed = true
                if options.bail { break }
            }
            if console.isClosed { break }
        }
        return failed
    }

    /// A change came while the reader may be waiting at the prompt: shown above it at once.
    private func changesArrived() {
        guard isWaitingAtPrompt, !isShowingChanges, let tabBar = app.tabBarCoordinator else { return }
        isShowingChanges = true
        reader.suspendPrompt()
        Task {
            let live = tabBar.context.live
            while true {
                // A stream that ended says so as its last change: followed again before that
                // is shown, whenever it came.
                await live.resumeFollowing()
                while !live.pending.isEmpty { await showChanges(live.takeAll(), to: tabBar) }
                let prompt = await tabBar.interactiveLineRequest(rereads: false).prompt
                // What came while the prompt was worked out is shown before it is drawn.
                guard live.pending.isEmpty else { continue }
                reader.resumePrompt(prompt)
                break
            }
            isShowingChanges = false
        }
    }

    /// A wait shows what the person types after the prompt they will be back at, as if there.
    private func showTypingWhileWaiting(_ shown: Bool) async {
        guard shown else { return reader.holdTypingAhead() }
        guard let tabBar = app.tabBarCoordinator else { return }
        reader.showTypingAhead(prompt: await tabBar.interactiveLineRequest(rereads: false).prompt)
    }

    private func showChanges(_ news: [LiveNews], to tabBar: TabBarCoordinator) async {
        guard !news.isEmpty else { return }
        _ = try? await tabBar.receive(.news(news))
    }
}
