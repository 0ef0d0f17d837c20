import Foundation
import TudyCore
import TudyTerminal

/// What coordinators and screens share: the store, who is logged in, the console (which
/// writes text in the given format) and the trace.
@MainActor
package final class AppContext {
    let store: any ChatStore
    let login: LoginState
    let console: Console
    /// The logged-in user's changes, as they happen.
    let live: LiveFeed
    /// What the logged-in user keeps quiet (rooms muted, people ignored), as last read from
    /// the store: read again as a room opens, a search lists, and a prompt is drawn.
    var quiet: Set<Quiet> = []
    /// Whether messages that arrive are shown as they come (a person at a terminal), or only
    /// when a command asks for them (a script, which stays deterministic).
    var showsLiveMessages: Bool
    /// Whether `/delete` asks to be typed again first (a person at a terminal), or deletes at
    /// once (a script, which means what it says).
    var confirmsDeletion = false
    /// How many lines the session has handled: a question "type it again" is answered only by
    /// the very next line.
    var linesHandled = 0
    /// Where the coordinator flow is drawn (`--trace`), if anywhere.
    let trace: FlowTrace?
    /// Where a login outlasts the run, if anywhere: a run starts from the login kept there.
    package var loginKeeper: (any LoginKeeper)?
    /// Whether a login made in this run is kept for the next (at a terminal, or `--remember`).
    package var keepsNewLogins = false
    /// Whether a `/login` may leave the login kept from an earlier run for this run, keeping
    /// it for the next (a script, or `--user`); at a prompt it asks for `/logout` first.
    package var loginLeavesKeptLogin = false

    package init(
        store: any ChatStore, login: LoginState = LoginState(), console: Console, format: TextFormat,
        showsLiveMessages: Bool = false, trace: FlowTrace? = nil, clock: WallClock = WallClock { Date() },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.store = store
        self.login = login
        self.console = console
        console.format = format
        console.viewer = { [unowned login] in login.user }
        self.showsLiveMessages = showsLiveMessages
        self.trace = trace
        live = LiveFeed(store: store, sleep: sleep)
        self.sleep = sleep
        self.clock = clock
        alarms = RoomAlarms(clock: clock, utcOffset: format.utcOffset, sleep: sleep)
        alarms.due = { [unowned live] in live.timerDue() }
        alarms.viewer = { [unowned login] in login.user }
    }

    /// The time now, for what the app works out from it (a timer's phase).
    let clock: WallClock
    /// The timers and sessions of the user's rooms, and the alarm for the next change of a
    /// timer's phase or the next reminder of a session.
    let alarms: RoomAlarms

    /// How time passes for what waits on it (a wait's limit, a pause between writes); tests
    /// make it immediate.
    let sleep: @Sendable (Duration) async throws -> Void

    /// Sends the app a tick, through its one entry (`AppEvent.tick`): what a pause that ran
    /// out calls. Set by the tab bar as it is made.
    var tick: @MainActor () async -> Void = {}

    /// Reads again what the user keeps quiet; a guest keeps nothing.
    func readQuiet() async throws {
        guard let session = login.session else {
            quiet = []
            return
        }
        quiet = try await store.quiet(of: session)
    }

    /// The newest messages that name the user (`@name`), someone else's, not from someone
    /// ignored, newest first: at most `MessageSearch.limit`, from at most `pages` searches.
    func mentions(of session: Session, pages: Int) async throws -> [Message] {
        var named: [Message] = []
        var before: Int?
        for _ in 0..<pages {
            let page = try await store.findMessages(
                MessageSearch.words(session.user.name), for: session, before: before, limit: MessageSearch.limit)
            named += page.filter { Mention.isNews($0, for: session.user) && !hides($0) }
            guard named.count < MessageSearch.limit, page.count == MessageSearch.limit, let oldest = page.last else { break }
            before = oldest.id
        }
        return Array(named.prefix(MessageSearch.limit))
    }

    /// Whether a message is hidden from the user: its sender is ignored.
    func hides(_ message: Message) -> Bool {
        Quiet.hides(message, in: quiet)
    }

    /// The rooms the user muted.
    var mutedRooms: Set<Int> {
        Set(quiet.compactMap { if case .room(let id) = $0 { id } else { nil } })
    }

    /// The logged-in user's session. - Throws: `CommandError.notLoggedIn` for a guest.
    func requireSession() throws -> Session {
        guard let session = login.session else { throw CommandError.notLoggedIn }
        return session
    }
}
