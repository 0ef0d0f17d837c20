/// The two streams tudy writes to.
public enum OutputChannel: Sendable, Equatable {
    case standardOutput
    case standardError
}

/// Where tudy's lines go: the real stdout and stderr, or a recording in tests.
@MainActor
public protocol TerminalOutput: AnyObject {
    /// Writes text, newline included, to one stream, before anything written after it.
    func write(_ text: String, to channel: OutputChannel)
}
