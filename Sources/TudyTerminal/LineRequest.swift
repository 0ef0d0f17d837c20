import TudyCore

/// What the REPL asks the line reader for: the prompt to show and whether to hide the typing.
package struct LineRequest: Equatable, Sendable {
    /// The prompt on a terminal, e.g. `home > board  alice> `; piped input shows none.
    package var prompt: String
    /// A password: no echo, and never in the history.
    package var isSecret: Bool
    /// Whether the line goes into the history: commands and messages do, a form's answers not.
    package var isRemembered: Bool
    /// Text already in the line when it is shown: a message that could not be sent.
    package var draft = ""

    package init(prompt: String, isSecret: Bool = false, isRemembered: Bool = true) {
        self.prompt = prompt
        self.isSecret = isSecret
        self.isRemembered = isRemembered && !isSecret
    }
}

/// One result of reading a line.
package enum LineReadResult: Equatable, Sendable {
    /// A whole line, without its newline.
    case line(String)
    /// Text pasted at a terminal in one piece, lines joined by LF: never a command.
    case paste(String)
    /// A line that was read and refused, and why.
    case rejected(InputError)
    /// Ctrl-C: the line being typed is dropped.
    case interrupted
    /// The input has ended (end of file, or Ctrl-D on an empty line).
    case end
}

/// Where the REPL reads lines: a pipe, a file, a line editor, or a test script.
///
/// Reading waits without blocking the main actor, so that what the store reports while
/// a person types is shown at once.
@MainActor
package protocol LineReader: AnyObject {
    /// Reads the next line, showing the request's prompt where there is a terminal.
    func readLine(_ request: LineRequest) async -> LineReadResult
    /// Takes the prompt and the half-typed line off the screen, so that lines can be printed
    /// where they were; nothing typed is read until `resumePrompt`.
    func suspendPrompt()
    /// Shows the prompt again, `prompt` if given, with the half-typed line and the cursor as they were.
    func resumePrompt(_ prompt: String?)
    /// Where Tab finds what it completes, asked each time Tab is pressed (nil: nothing here).
    func completes(from source: @escaping @MainActor () async -> (any LineCompleting)?)
    /// The lines that have come already, whole, as far as each is one `accepts` takes and up
    /// to `limit` of them, taken as `readLine` would have; none wait for more input. A script's
    /// run of messages is sent in one commit so (a terminal's reader has none ready).
    func takeReadyLines(limit: Int, while accepts: (String) -> Bool) -> [String]
    /// What Ctrl-C does while a command runs and no line is read (nil: nothing): the REPL
    /// sets it around a command it can interrupt.
    func interruptsCommands(with handler: (@MainActor () -> Void)?)
    /// Shows what is typed from now on after `prompt`, edited as at the prompt, while a command
    /// waits for news (`/wait`): the half-typed line is the next line's start, and Enter, or
    /// Ctrl-D on an empty line, ends the wait (`interruptsCommands`' handler) and is the next
    /// line read. Only a wait asks: keys typed during any other command stay held, unechoed,
    /// since a password prompt may follow it.
    func showTypingAhead(prompt: String)
    /// Takes the line typed ahead off the screen, kept for the next line; keys are held again.
    func holdTypingAhead()
}

extension LineReader {
    package func takeReadyLines(limit: Int, while accepts: (String) -> Bool) -> [String] { [] }
    package func suspendPrompt() {}
    package func resumePrompt(_ prompt: String?) {}
    package func completes(from source: @escaping @MainActor () async -> (any LineCompleting)?) {}
    package func interruptsCommands(with handler: (@MainActor () -> Void)?) {}
    package func showTypingAhead(prompt: String) {}
    package func holdTypingAhead() {}
}
