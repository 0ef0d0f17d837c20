import TudyCore

// A login that outlasts the run: resumed at the start, kept after a login, forgotten at /logout.

extension TabBarCoordinator {
    /// Starts logged in when an earlier run kept a login for this store, and the store still
    /// takes it; a login the store has ended is forgotten.
    func resumeKeptLogin() async {
        guard let keeper = context.loginKeeper, let token = keeper.recall() else { return }
        do {
            let session = try await context.store.resume(token)
            context.login.session = session
            resumedKeptLogin = session
            // A note, not output: a script's output stays its commands' own.
            if !context.console.writesJSON {
                context.console.note("logged in as \(session.user.name), kept from an earlier run (/logout ends it)")
            }
        } catch StoreError.sessionEnded {
            keeper.forget()
            context.console.note("the login kept from an earlier run has ended: /login <name> logs in again")
        } catch {
            // The store may be back later; the token stays for the next run.
            context.console.note("the login kept from an earlier run was not resumed (\(RefusalWording.message(for: error))): /login <name> logs in")
        }
    }

    /// Keeps a login just made for the next run, when this run keeps its logins.
    func keepLogin(_ session: Session) {
        guard context.keepsNewLogins, let keeper = context.loginKeeper else { return }
        do {
            try keeper.keep(session.token)
            // Said every time, so that nobody's login outlasts the run unknown to them.
            context.console.note("kept for later runs on \(keeper.place): /logout ends it")
        } catch {
            context.console.note("the login holds for this run only: \(RefusalWording.message(for: error))")
        }
    }

    /// The store says the login is over (a logout from another tudy of it, or its 30 days):
    /// this run becomes a guest, as after `/logout`, and the kept login is forgotten. Not while
    /// a post is being written or a login asked for: that flow is the person's to end.
    func loginEnded() async {
        guard tabBarController.presented == nil, let session = context.login.session else { return }
        context.login.session = nil
        forgetKeptLogin(session)
        // Nothing is rendered on the way to the board, so nothing here can fail.
        try? await perform(.loggedOut)
    }

    /// Forgets the kept login when it is the one that just ended; another run's stays.
    func forgetKeptLogin(_ session: Session) {
        guard let keeper = context.loginKeeper, keeper.recall() == session.token else { return }
        keeper.forget()
    }
}
