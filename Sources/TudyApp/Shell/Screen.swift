import TudyCore

/// What a screen expects the next line to be.
enum InputPrompt: Equatable, Sendable {
    /// A slash-command (or, in a room, a message).
    case command
    /// An answer to a question; `takesSlashLines` lets lines that start with `/` be answers too,
    /// as in a post's body, where only the global commands stay commands.
    case answer(String, takesSlashLines: Bool)
    /// A password: read without echo and kept out of the history.
    case secret(String)
}

/// A line handed to a screen after the global commands had their turn.
enum ScreenInput: Equatable, Sendable {
    /// One of the screen's own commands, its argument read by its `CommandSpec`.
    case command(name: CommandName, argument: CommandArgument)
    /// A plain line: a message, or an answer to the screen's prompt.
    case text(String)
}

/// What a screen is of, as far as a coordinator needs to know: the post or room it shows, or
/// the messages a search found. Coordinators ask this, never a screen's type.
enum ScreenSubject: Equatable, Sendable {
    case post(Int)
    case room(Int)
    case messagesFound
    case other
}

/// A screen: renders itself as lines and understands its own commands.
///
/// A screen never knows its coordinator: it reports intent through its own
/// `didSendEventClosure` with its own `Event` enum (seed 001).
@MainActor
protocol Screen: AnyObject {
    /// The screen's name in `/where`, e.g. `board`, `#3`, `@bob`.
    var title: String { get }
    /// The commands that work here, as `/help` lists them.
    var commands: [CommandSpec] { get }
    /// What the screen is of.
    var subject: ScreenSubject { get }
    /// What the next line is taken as.
    var prompt: InputPrompt { get }
    /// Whether plain text (not a command) means something here.
    var takesText: Bool { get }
    /// Renders the screen when it is pushed, presented, or its tab is selected again.
    func appear() async throws
    /// Acts on one line meant for this screen.
    func handle(_ input: ScreenInput) async throws
    /// Adds what this screen offers Tab to complete, to what the tab bar gathered (the
    /// commands, user names, work tags): what `/open` takes here, who `/invite` may bring.
    func offerCompletions(to vocabulary: inout CompletionVocabulary) async
}

extension Screen {
    var prompt: InputPrompt { .command }
    var subject: ScreenSubject { .other }
    var takesText: Bool { prompt != .command }
    /// Whether plain text typed at the command prompt is a message (a room, a 1:1 draft):
    /// there a line ending in `\` goes on in the next, and a paste is one message.
    var composesMessages: Bool { prompt == .command && takesText }
    func appear() async throws {}
    func offerCompletions(to vocabulary: inout CompletionVocabulary) async {}

    /// The error for input the tab bar should not have handed to this screen.
    func unsupported(_ input: ScreenInput) -> CommandError {
        switch input {
        case .command(let name, _): .unknown(name: name.typed, suggestion: nil)
        case .text: .textNotHere(here: title)
        }
    }
}
