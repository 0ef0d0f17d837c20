import TudyCore

/// The global commands, which work on every screen: tabs, back, login, logout, help, quit.
extension TabBarCoordinator {
    /// Carries out a global command; whether the session goes on.
    func perform(_ command: GlobalCommand) async throws -> LineOutcome {
        switch command {
        case .help(let topic):
            context.console.show(.help(
                try HelpPage.listing(
                    for: topic, on: tabBarController.visibleScreen, tabRoot: tabRoot, modal: modalHold,
                    at: tabBarController.path)))
        case .home:
            try requireNoModal(.home)
            try await perform(Route.home)
            // A post deleted while Chat was in view: its screen is left for the board.
            if let screen = tabBarController.visibleScreen { try await leaveIfGone(screen) { try await screen.appear() } }
        case .chat:
            try requireNoModal(.chat)
            try await chatCoordinator.requestSelection()
        case .back:
            try await goBack()
        case .where:
            context.console.show(.screen(path: tabBarController.path, asked: true))
        case .tree:
            // Drawn from the root the tab bar reports to: the app.
            let root: any Coordinator = (finishDelegate as? any Coordinator) ?? self
            context.console.lines(
                CoordinatorTree.lines(
                    root: root, selected: tabBarController.navigator(for: tabBarController.selectedTab),
                    modal: tabBarController.presented))
        case .next:
            try requireNoModal(.next)
            try await chatCoordinator.requestNextUnread()
        case .mentions:
            try requireNoModal(.mentions)
            _ = try context.requireSession()
            try await perform(Route.mentions)
        case .ignore(nil):
            _ = try context.requireSession()
            try await context.readQuiet()
            let names = context.quiet.compactMap { if case .person(let name) = $0 { name } else { nil } }.sorted()
            context.console.line(names.isEmpty ? "you ignore nobody: /ignore <name> hides someone" : "you ignore " + names.joined(separator: ", "))
        case .ignore(let name?), .unignore(let name):
            let session = try context.requireSession()
            let person = try await context.store.user(named: name)
            let ignores = command != .unignore(name: name)
            try await context.store.setQuiet(.person(person.name), ignores, by: session)
            try await context.readQuiet()
            context.console.line(
                ignores ? "you ignore \(person.name): their messages and notices are hidden; /unignore \(person.name) undoes it"
                    : "you see \(person.name)'s messages again")
        case .invites:
            let session = try context.requireSession()
            context.console.show(.invitations(try await context.store.invitations(for: session)))
        case .accept(let id):
            try requireNoModal(.accept)
            let session = try context.requireSession()
            let room = try await context.store.acceptInvitation(id, by: session)
            routes.append(.room(room))
        case .decline(let id):
            let session = try context.requireSession()
            try await context.store.declineInvitation(id, by: session)
            context.console.line("declined invitation #\(id); nobody is told")
        case .signup(let name):
            try await startLogin(name: name, signingUp: true)
        case .login(let name):
            try await startLogin(name: name, signingUp: false)
        case .logout:
            try requireNoModal(.logout)
            let session = try context.requireSession()
            context.login.session = nil
            forgetKeptLogin(session)
            try await perform(.loggedOut)
            context.console.show(.account(.loggedOut, user: session.user))
            // The session is over here whatever the store answers; a store that can not hear it
            // lets the token expire.
            try? await context.store.logOut(session)
        case .whoami:
            context.console.show(.identity(context.login.user))
        case .whois(let name):
            let session = try context.requireSession()
            let profile = try await context.store.profile(named: name)
            let shared = try await context.store.rooms(of: session).map(\.room).filter { $0.hasMember(profile.user) }
            context.console.show(.profile(profile, sharedRooms: shared, viewer: session.user))
        case .quit:
            if let unfinished = unfinishedFlow, let hold = modalHold {
                // At a terminal the first /quit only warns; in a script the flow is dropped, never silently.
                if !readsScript && !quitWasWarned {
                    quitWarning = true
                    context.console.line("you are \(hold.activity): /quit again leaves and drops it")
                    return .proceed
                }
                context.console.note("/quit: \(unfinished)")
            }
            return .quit
        }
        return .proceed
    }

    private func requireNoModal(_ command: CommandName) throws {
        guard tabBarController.presented != nil else { return }
        throw busyError("/" + command.typed)
    }

    /// The refusal of a command that waits for the modal to close.
    func busyError(_ command: String) -> CommandError {
        .busy(command: command, reason: modalHold.map { "while \($0.activity)" } ?? "now")
    }

    /// While a modal is open: what the user is doing, and the global commands it holds back.
    private var modalHold: (activity: String, heldBack: [CommandName])? {
        guard tabBarController.presented != nil else { return nil }
        return homeCoordinator.writeCoordinator != nil
            ? ("writing a post", [.home, .chat, .next, .mentions, .signup, .login, .logout])
            : ("logging in", [.home, .chat, .next, .mentions, .logout])
    }

    /// `/back`: cancels the modal, or pops the top screen.
    func goBack() async throws {
        if let login = loginCoordinator {
            login.cancel()
            context.console.show(.cancelled(.login))
        } else if let write = homeCoordinator.writeCoordinator {
            write.cancel()
            context.console.show(.cancelled(.postDraft))
        } else if tabBarController.state.depth(of: tabBarController.selectedTab) > 1 {
            try await perform(Route.back)
            context.console.show(.wentBack(path: tabBarController.path))
        } else {
            throw CommandError.nothingToGoBack(here: tabBarController.path)
        }
    }

    private func startLogin(name: String, signingUp: Bool) async throws {
        if let session = context.login.session {
            // The kept login stays kept for later runs: it is left for this run only, not ended.
            let leavesKeptLogin = context.loginLeavesKeptLogin && session == resumedKeptLogin
            guard leavesKeptLogin else { throw CommandError.alreadyLoggedIn(session.user.name) }
        }
        if signingUp {
            // The name is checked before any password is asked for; when the store can not
            // say now (its server is away), the sign-up does.
            do {
                try await context.store.checkNameIsFree(name)
            } catch let refusal as StoreError {
                throw refusal
            } catch {}
        }
        let login: LoginCoordinator
        if let shown = loginCoordinator {
            login = shown
        } else {
            try requireNoModal(signingUp ? .signup : .login)
            login = LoginCoordinator(context: context, staysOpenAfterFailure: false)
        }
        if signingUp { login.signUp(name: name) } else { login.logIn(name: name) }
        if login !== loginCoordinator { try await presentLogin(login) }
    }

    /// Shows a login flow as the modal over the tabs.
    func presentLogin(_ login: LoginCoordinator) async throws {
        login.finishDelegate = self
        childCoordinators.append(login)
        trace?.started(login, by: self)
        try await login.start()
        try await tabBarController.perform(Self.steps(for: .presentLogin, in: tabBarController.state), presenting: login)
    }
}
