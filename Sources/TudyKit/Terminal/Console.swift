/// The one path from tudy to the terminal: every line passes the sanitizer.
@MainActor
public final class Console {
    private let output: any TerminalOutput

    public init(output: any TerminalOutput) {
        self.output = output
    }

    /// Prints a line of ordinary output.
    public func line(_ text: String = "") {
        output.write(Sanitizer.inert(text) + "\n", to: .standardOutput)
    }

    /// Prints several lines.
    public func lines(_ texts: [String]) {
        texts.forEach { line($0) }
    }

    /// Prints `error: …` to standard error.
    public func error(_ message: String) {
        output.write("error: " + Sanitizer.inert(message) + "\n", to: .standardError)
    }

    /// Prints a note to standard error that is not a failure, such as a hint.
    public func note(_ message: String) {
        output.write(Sanitizer.inert(message) + "\n", to: .standardError)
    }
}
