@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// Keeps what tudy writes, both streams in one transcript in the order written.
@MainActor
final class RecordingOutput: TerminalOutput {
    private(set) var transcript = ""
    private(set) var standardOutput = ""
    private(set) var standardError = ""
    /// Set by a test to play a reader that went away.
    var isClosed = false
    /// Whether input lines go into the transcript (not for JSON lines, where every line is an object).
    var echoes = true

    func write(_ text: String, to channel: OutputChannel) {
        transcript += text
        switch channel {
        case .standardOutput: standardOutput += text
        case .standardError: standardError += text
        }
    }

    /// Adds an input line, so a transcript reads like a session.
    func echo(_ line: String) {
        if echoes { transcript += "> " + line + "\n" }
    }

    func clear() {
        transcript = ""
        standardOutput = ""
        standardError = ""
    }
}
