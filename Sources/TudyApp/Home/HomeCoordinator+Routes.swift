import TudyCore

/// Home's transitions, as XCoordinator keeps them: what a screen asked for is first made a
/// `Route`, from the event and who is logged in alone; the route becomes steps by a pure
/// function of it and what is shown (`steps(for:in:)`), and the tab bar controller performs
/// them. A test reads the route a guest's `/new` takes, and its steps, without a screen.
extension HomeCoordinator {
    /// Where Home goes next.
    indirect enum Route: WaitsForLogin {
        /// The posts whose title or body has the words, pushed.
        case search(words: String)
        /// The posts that recruit for one work, pushed.
        case fastSearch(work: String)
        /// One post, pushed.
        case detail(Project)
        /// A post just written, pushed over the board.
        case posted(Project)
        /// The write form presented: for a new post, or filled with one to change.
        case write(ProjectWriteScreen.Mode)
        /// The login flow first; the route waits for it, kept as it is.
        case login(then: Route)
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
        case .showProjectWrite: requiringLogin(.write(.new))
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
        case .sendChat(let writer): requiringLogin(.personalChat(with: writer))
        case .join(let project): requiringLogin(.studyRoom(of: project))
        case .modify(let project): .write(.modify(project))
        case .didDelete: .back
        }
    }


    /// The steps a route takes, given what is shown: none for a route the tab bar carries out.
    /// Home's steps do not depend on what is shown; the state is there as every coordinator's is.
    static func steps(for route: Route, in state: NavigationState) -> [NavigationStep] {
        switch route {
        case .search(let words): [.push(.postsFound(.words(words)))]
        case .fastSearch(let work): [.push(.postsFound(.work(work)))]
        case .detail(let project): [.push(.post(project))]
        case .posted(let project): [.popToRoot(.home), .push(.post(project))]
        case .write: [.present(.projectWrite)]
        case .back: [.pop(.home)]
        case .login, .personalChat, .studyRoom: []
        }
    }

    func perform(_ route: Route) async throws {
        switch route {
        case .write(let mode):
            try await presentWriteCoordinator(mode: mode)
        case .login(let waiting):
            pendingRoute = waiting
            showLogin()
        case .personalChat(let writer):
            trace?.call(.showPersonalChat(with: writer), from: self, to: homeDelegate)
            homeDelegate?.showPersonalChat(with: writer)
        case .studyRoom(let project):
            let room = try await context.store.join(projectID: project.id, by: try context.requireSession())
            trace?.call(.showStudyRoom(room), from: self, to: homeDelegate)
            homeDelegate?.showStudyRoom(room)
        case .search, .fastSearch, .detail, .posted, .back:
            try await tabBarController.perform(Self.steps(for: route, in: tabBarController.state))
        }
    }
}
