import TudyCore
import TudyTerminal

/// Runs the tab bar: takes every input line, handles the global commands, hands the
/// rest to the visible screen, and carries out what Home, Chat and Login ask of it.
@MainActor
final class TabBarCoordinator: Coordinator {
    /// Whether the session goes on after a line.
    enum LineOutcome: Equatable, Sendable {
        case proceed, quit
    }

    weak var finishDelegate: (any CoordinatorFinishDelegate)?
    var navigationController: Navigator
    var childCoordinators: [any Coordinator] = []
    let type = CoordinatorType.tab
    let tabBarController = TabBarController()
    let homeCoordinator: HomeCoordinator
    let chatCoordinator: ChatCoordinator
    var routes: [Route] = []
    let context: AppContext
    var trace: FlowTrace? { context.trace }
    /// Whether lines come from a script rather than a person at a terminal. In a script, the
    /// lines after a `/login` or `/signup` are its passwords whether or not the command was
    /// taken (a person sees the refusal and types no password), and `/quit` asks nothing.
    var readsScript = true
    /// The login kept from an earlier run, while it is the one in use.
    var resumedKeptLogin: Session?
    /// A message that could not be sent (the store was away): the next prompt starts with it.
    var unsentDraft: String?
    /// The text of a `/msg NAME TEXT`, sent once the line's routes have opened the room.
    var followingMessage: String?
    /// The unread count the prompt shows.
    var unreadTally = UnreadTally()
    /// The session whose unread mentions were looked for in the store, once: after that the
    /// stream tells of each.
    var mentionsCountedFor: SessionToken?
    /// Whether the last line was a `/quit` that warned of an open draft or login.
    var quitWarning = false
    /// Whether the line before this one gave that warning: a `/quit` now leaves.
    var quitWasWarned = false
    /// Password lines of a refused `/login` or `/signup` still to come: read and dropped unseen,
    /// so that a password never becomes a message, a post or an error line.
    private(set) var refusedPasswordLines = 0
    /// A message typed over several lines, while its lines come.
    private var continued = ContinuedMessage()
    var isContinuingMessage: Bool { continued.isOpen }

    init(_ navigationController: Navigator, context: AppContext) {
        self.navigationController = navigationController
        self.context = context
        homeCoordinator = HomeCoordinator(tabBarController: tabBarController, context: context)
        chatCoordinator = ChatCoordinator(tabBarController: tabBarController, context: context)
        tabBarController.owner = self
        tabBarController.trace = context.trace
        context.tick = { [weak self] in _ = try? await self?.receive(.tick) }
    }

    func start() async throws {
        await resumeKeptLogin()
        homeCoordinator.finishDelegate = self
        homeCoordinator.loginDelegate = self
        homeCoordinator.homeDelegate = self
        childCoordinators.append(homeCoordinator)
        trace?.started(homeCoordinator, by: self)
        try await homeCoordinator.start()

        chatCoordinator.finishDelegate = self
        chatCoordinator.loginDelegate = self
        chatCoordinator.chatDelegate = self
        childCoordinators.append(chatCoordinator)
        trace?.started(chatCoordinator, by: self)
        try await chatCoordinator.start()
    }

    /// The login flow, while it is shown.
    var loginCoordinator: LoginCoordinator? {
        childCoordinators.lazy.compactMap { $0 as? LoginCoordinator }.first
    }

    // MARK: - Input

    /// What the next line is asked as: the prompt, and whether it is a password.
    var lineRequest: LineRequest {
        if refusedPasswordLines > 0 { return LineRequest(prompt: "password: ", isSecret: true) }
        if continued.isOpen { return LineRequest(prompt: ContinuedMessage.prompt) }
        return switch tabBarController.visibleScreen?.prompt ?? .command {
        case .command: LineRequest(prompt: commandPrompt(unread: 0))
        case .answer(let question, _): LineRequest(prompt: question, isRemembered: false)
        case .secret(let question): LineRequest(prompt: question, isSecret: true)
        }
    }

    /// Whether the next line is a command (or a message), not a password or a form's answer:
    /// only there are arriving messages shown as they come.
    var isAtCommandPrompt: Bool {
        guard refusedPasswordLines == 0, case .command = tabBarController.visibleScreen?.prompt ?? .command else { return false }
        return true
    }

    /// Ctrl-C: at a password prompt it cancels the login, elsewhere only the typed line goes.
    func interrupt() async {
        refusedPasswordLines = 0
        if continued.drop() { context.console.note("the message being continued was dropped") }
        guard case .secret = tabBarController.visibleScreen?.prompt else { return }
        try? await goBack()
    }

    /// The flow that input ending now would cut off, if any.
    var unfinishedFlow: String? {
        if continued.isOpen { return "a message was being continued with \\ at the end of a line: it was not sent" }
        guard tabBarController.presented != nil else { return nil }
        if homeCoordinator.writeCoordinator != nil { return "a post was being written: the draft was dropped" }
        return "a login was not finished: nobody logged in"
    }

    /// Acts on one input line.
    /// - Throws: a `UserFacingError` for anything the line could not do; the session goes on.
    func handle(line: String) async throws -> LineOutcome {
        if refusedPasswordLines > 0 {
            refusedPasswordLines -= 1
            return .proceed
        }
        let path = tabBarController.path
        // Wherever the line took the user, even when it failed halfway.
        defer { if tabBarController.path != path { context.console.show(.screen(path: tabBarController.path)) } }
        do {
            let outcome = try await dispatch(line)
            while !routes.isEmpty {
                try await perform(routes.removeFirst())
            }
            try await sendFollowingMessage()
            return outcome
        } catch {
            routes.removeAll()
            followingMessage = nil
            if case StoreError.sessionEnded = error { await loginEnded() }
            throw error
        }
    }

    /// Acts on text pasted at a terminal: in a room, one message, whatever lines it holds;
    /// elsewhere nothing of it is run. - Throws: `CommandError.pasteNotHere`, or what sending throws.
    func handle(paste text: String) async throws {
        guard let screen = tabBarController.visibleScreen, continued.isOpen || screen.composesMessages else {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            throw CommandError.pasteNotHere(lines: lines, here: tabBarController.path)
        }
        guard let whole = continued.take(text) else { return }
        try await leaveIfGone(screen) { try await screen.handle(.text(whole)) }
    }

    /// Whether a script's line is a message for the open room, and nothing else: one line of
    /// text the store takes, no command, none a login waits for, none that goes on in the next.
    /// A run of such lines may be sent together (`sendTogether`).
    func isPlainMessage(_ line: String) -> Bool {
        guard readsScript, refusedPasswordLines == 0, !continued.isOpen, roomInView != nil,
            case .text(let text) = InputLine(parsing: line), text == line, !line.hasSuffix("\\"),
            !line.allSatisfy(\.isWhitespace)
        else { return false }
        return (try? Message.check(line)) != nil
    }

    /// Sends a script's run of plain messages (`isPlainMessage`) to the open room in one commit,
    /// each shown as sent once it is stored, as if each line had been handled in turn. Whether
    /// it did: when not (a store that sends one at a time, or it failed), nothing of the run
    /// was sent, and each line is to be handled on its own.
    func sendTogether(_ lines: [String]) async -> Bool {
        guard let room = roomInView, lines.allSatisfy(isPlainMessage),
            (try? await room.sendTogether(lines)) == true
        else { return false }
        for line in lines {
            context.linesHandled += 1
            draw(.text(line), on: room)
        }
        return true
    }

    private func dispatch(_ line: String) async throws -> LineOutcome {
        context.linesHandled += 1
        quitWasWarned = quitWarning
        quitWarning = false
        guard let screen = tabBarController.visibleScreen else { return .proceed }
        var line = line
        if continued.isOpen || (screen.composesMessages && ContinuedMessage.mayStart(line)) {
            // Enter on an empty line sends nothing, as in other chat clients; it is the habitual
            // key after a paste, which was sent as it came.
            if line.isEmpty, !continued.isOpen { return .proceed }
            guard let whole = continued.take(line) else { return .proceed }
            line = whole
        }
        if case .secret = screen.prompt {
            // A password is taken whole; only an exact /back leaves the flow.
            if line == "/" + CommandName.back.typed {
                try await goBack()
                return .proceed
            }
            try await screen.handle(.text(line))
            return .proceed
        }
        let (input, roomPosition) = try meaning(of: InputLine(parsing: line), on: screen)
        draw(input, on: screen)
        if let roomPosition {
            try await openRoom(atPosition: roomPosition)
            return .proceed
        }
        switch input {
        case .text(let text):
            guard screen.takesText else {
                if text.allSatisfy(\.isWhitespace) { return .proceed }
                throw CommandError.textNotHere(here: tabBarController.path)
            }
            do {
                try await leaveIfGone(screen) { try await screen.handle(.text(text)) }
            } catch where Outage.matches(error) && screen.composesMessages && !readsScript && !text.contains("\n") {
                // Not sent, the store away too long: the text goes back into the line, nothing lost.
                unsentDraft = text
                throw error
            }
        case .command(let typed, let argument):
            let name = CommandTable.name(typed)
            if let name, CommandTable.spec(name, at: .everywhere) != nil {
                do {
                    if let global = try GlobalCommand.read(name, argument) { return try await perform(global) }
                } catch {
                    if readsScript, refusedLoginWasLeft(name) {
                        refusedPasswordLines = name == .signup ? 2 : 1
                    }
                    throw error
                }
            }
            if name == .dm, !argument.isEmpty, !tabHasPersonalChat(screen) {
                if tabBarController.presented != nil { throw busyError("/" + CommandName.dm.typed) }
                try await chatCoordinator.requestPersonalChat(with: User(name: argument))
            } else if let name, let spec = screen.commands.first(where: { $0.name == name }) {
                let value = try spec.read(argument)
                try await leaveIfGone(screen) { try await screen.handle(.command(name: name, argument: value)) }
            } else if case .answer(_, let takesSlashLines) = screen.prompt {
                guard takesSlashLines else { throw busyError("/" + typed) }
                try await screen.handle(.text(line))
            } else if let name, let root = tabRoot, let spec = root.commands.first(where: { $0.name == name }) {
                let value = try spec.read(argument)
                try await fromTabRoot { try await root.handle(.command(name: name, argument: value)) }
            } else if let name, let tab = otherTab(for: name) {
                try await runInOtherTab(tab, name: name, argument: argument)
            } else {
                throw hint(for: typed) ?? CommandTable.error(forUnavailable: typed, here: tabBarController.path)
            }
        }
        return .proceed
    }

    /// Whether `/dm NAME` is the screen's own, or its tab's (Chat's rooms list has it).
    private func tabHasPersonalChat(_ screen: any Screen) -> Bool {
        ([screen] + (tabRoot.map { [$0] } ?? [])).contains { $0.commands.contains { $0.name == .dm && $0.argument != .none } }
    }

    /// Draws a line in the trace as the user's message to the tab bar: a command as typed,
    /// but no text anyone wrote (a message, `/edit`'s new text, an answer) and never a password,
    /// which does not come this way.
    private func draw(_ input: InputLine, on screen: any Screen) {
        guard let trace else { return }
        switch input {
        case .command(let typed, let argument) where screen.composesMessages && CommandTable.name(typed) == .edit:
            let number = (try? CommandTable.spec(.edit, at: .room)?.read(argument))?.number
            trace.command("/" + CommandName.edit.typed + (number.map { " #\($0)" } ?? ""), to: self)
        case .command(let name, let argument):
            trace.command("/" + name + (argument.isEmpty ? "" : " " + argument), to: self)
        case .text:
            trace.command(screen.composesMessages ? "(a message)" : screen.takesText ? "(an answer)" : "(text)", to: self)
        }
    }

    // MARK: - Login lines and changes

    /// Whether `/name` was a `/login` or `/signup` that failed before its password step began.
    private func refusedLoginWasLeft(_ command: CommandName) -> Bool {
        guard command == .login || command == .signup else { return false }
        guard case .secret = tabBarController.visibleScreen?.prompt else { return true }
        return false
    }

    /// A line that could not be read came where a refused login's password was owed: it counts as that line.
    func skipRefusedPasswordLine() -> Bool {
        guard refusedPasswordLines > 0 else { return false }
        refusedPasswordLines -= 1
        return true
    }
}
