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
    /// Takes news for what it shows, while it is the screen in view: the way a store change
    /// reaches a screen, as a line reaches it through `handle`.
    func receive(_ news: ScreenNews) async throws
    /// Sends a script's run of messages in one commit; whether it could (else each line is
    /// handled in turn).
    func sendTogether(_ texts: [String]) async throws -> Bool
    /// Whether all it holds has been shown, as far as it knows: what the prompt's unread count
    /// asks of the screen in view.
    var isReadToItsEnd: Bool { get }
}

/// News for the screen in view, handed on by its coordinator.
enum ScreenNews: Equatable, Sendable {
    /// A change from the store about what the screen shows (a message in its room, the room
    /// renamed, a member's read).
    case change(StoreChange)
    /// The store is back after it was away: what may have moved unheard is read again.
    case storeBack
    /// A run of news was shown: what it showed is marked read, at most once per pause.
    case newsShown
    /// All shown is read now, the pause not waited out (before looking for the next unread).
    case catchUp
    /// The post shown was saved changed, by its writer here: shown again as it is now.
    case postSaved(Project)
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
    func receive(_ news: ScreenNews) async throws {}
    func sendTogether(_ texts: [String]) async throws -> Bool { false }
    /// A screen with no messages holds nothing unread.
    var isReadToItsEnd: Bool { true }

    /// The error for input the tab bar should not have handed to this screen.
    func unsupported(_ input: ScreenInput) -> CommandError {
        switch input {
        case .command(let name, _): .unknown(name: name.typed, suggestion: nil)
        case .text: .textNotHere(here: title)
        }
    }
}

/// A screen that reports intent to its coordinator through `didSendEventClosure` (seed 001).
@MainActor
protocol SendsEvents: Screen {
    /// What the screen asks for.
    associatedtype Event
    /// Set by the coordinator that made the screen; the screen never knows who it is.
    var didSendEventClosure: (@MainActor (Event) async throws -> Void)? { get set }
}

extension SendsEvents {
    /// Hands each event to `coordinator`, drawn in the trace first. Neither keeps the other:
    /// the coordinator is held weakly, and the stack owns the screen.
    func sendEvents<Owner: Coordinator>(
        to coordinator: Owner, _ receive: @escaping @MainActor (Owner, Event) async throws -> Void
    ) {
        didSendEventClosure = { [weak coordinator, unowned self] event in
            guard let coordinator else { return }
            coordinator.note(event, from: self)
            try await receive(coordinator, event)
        }
    }
}
