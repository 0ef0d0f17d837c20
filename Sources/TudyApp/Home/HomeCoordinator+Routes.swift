import TudyCore

/// Home's transitions, as XCoordinator keeps them: what a screen asked for is first made a
/// `Route`, from the event and who is logged in alone, and then performed. A test reads the
/// route a guest's `/new` takes without a screen on the stack.
extension HomeCoordinator {
    /// Where Home goes next.
    enum Route: Equatable {
        /// The posts whose title or body has the words, pushed.
        case search(words: String)
        /// The posts that recruit for one work, pushed.
        case fastSearch(work: String)
        /// One post, pushed.
        case detail(Project)
        /// The write form presented: for a new post, or filled with one to change.
        case write(ProjectWriteScreen.Mode)
        /// The login flow first; the action waits for it.
        case login(then: PendingAction)
        /// The 1:1 room with a post's writer, which the tab bar has Chat open.
        case personalChat(with: User)
        /// The post's study room, joined, which the tab bar has Chat open.
        case studyRoom(of: Project)
        /// The screen below (a post deleted).
        case back
    }

    func route(for event: BoardScreen.Event) -> Route {
        switch event {
        case .showSearch(let words): .search(words: words)
        case .showFastSearch(let work): .fastSearch(work: work)
        case .showProjectWrite: route(for: PendingAction.write)
        case .showProjectDetail(let project): .detail(project)
        }
    }

    func route(for event: ProjectSearchScreen.Event) -> Route {
        switch event {
        case .showProjectDetail(let project): .detail(project)
        }
    }

    func route(for event: ProjectDetailScreen.Event) -> Route {
        switch event {
        case .sendChat(let writer): route(for: PendingAction.sendChat(to: writer))
        case .join(let project): route(for: PendingAction.join(project))
        case .modify(let project): .write(.modify(project))
        case .didDelete: .back
        }
    }

    /// What a guest may not do is asked of a user: a guest is sent to log in first.
    func route(for action: PendingAction) -> Route {
        guard context.login.user != nil else { return .login(then: action) }
        return switch action {
        case .write: .write(.new)
        case .sendChat(let writer): .personalChat(with: writer)
        case .join(let project): .studyRoom(of: project)
        }
    }

    func perform(_ route: Route) async throws {
        switch route {
        case .search(let words):
            try await pushSearchScreen(words: words)
        case .fastSearch(let work):
            try await pushFastSearchScreen(work: work)
        case .detail(let project):
            try await pushProjectDetailScreen(project: project)
        case .write(let mode):
            try await presentWriteCoordinator(mode: mode)
        case .login(let action):
            pendingAction = action
            showLogin()
        case .personalChat(let writer):
            trace?.call(.showPersonalChat(with: writer), from: self, to: homeDelegate)
            homeDelegate?.showPersonalChat(with: writer)
        case .studyRoom(let project):
            let room = try await context.store.join(projectID: project.id, by: try context.requireSession())
            trace?.call(.showStudyRoom(room), from: self, to: homeDelegate)
            homeDelegate?.showStudyRoom(room)
        case .back:
            navigationController.pop()
        }
    }
}
