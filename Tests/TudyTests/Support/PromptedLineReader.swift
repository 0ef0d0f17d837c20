import Testing
@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// A person at tudy's prompt, played by a test: lines are typed when the test says, and, as
/// at a real terminal, none is taken while the prompt is off the screen for arriving news.
@MainActor
final class PromptedLineReader: LineReader {
    private let output: RecordingOutput
    private var typed: [String] = []
    private var reading: CheckedContinuation<LineReadResult, Never>?
    private var isSuspended = false
    private var hasEnded = false

    init(output: RecordingOutput) {
        self.output = output
    }

    /// Whether tudy waits at its prompt with nothing typed left: every line typed was handled.
    var isIdle: Bool { reading != nil && typed.isEmpty && !isSuspended }

    func type(_ lines: String...) {
        typed += lines
        deliver()
    }

    /// Ctrl-D.
    func end() {
        hasEnded = true
        deliver()
    }

    func readLine(_ request: LineRequest) async -> LineReadResult {
        await withCheckedContinuation { continuation in
            reading = continuation
            deliver()
        }
    }

    func suspendPrompt() { isSuspended = true }

    func resumePrompt(_ prompt: String?) {
        isSuspended = false
        deliver()
    }

    private func deliver() {
        guard !isSuspended, let reading else { return }
        if !typed.isEmpty {
            let line = typed.removeFirst()
            self.reading = nil
            output.echo(line)
            reading.resume(returning: .line(line))
        } else if hasEnded {
            self.reading = nil
            reading.resume(returning: .end)
        }
    }
}

extension PromptedLineReader {
    /// Waits until tudy is back at its prompt after `step`; past 30 s the test fails at once,
    /// with what `case` names and the end of the transcript.
    func settle(after step: String, in case: String, transcript: @MainActor () -> String) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !isIdle {
            guard ContinuousClock.now < deadline else {
                Issue.record("\(`case`): tudy did not come back to its prompt after \(step):\n\(transcript().suffix(1500))")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}
