import TudyCore

/// The two streams tudy writes to.
package enum OutputChannel: Sendable, Equatable {
    case standardOutput
    case standardError
}

/// Where tudy's lines go: the real stdout and stderr, or a recording in tests.
@MainActor
package protocol TerminalOutput: AnyObject {
    /// Writes text, newline included, to one stream, before anything written after it.
    func write(_ text: String, to channel: OutputChannel)
    /// Whether standard output was closed by its reader (`tudy < script | head -1`): what
    /// follows would reach nobody, so the session ends, as other Unix tools do.
    var isClosed: Bool { get }
}
