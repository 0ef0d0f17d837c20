import TudyCore

/// Runs the Home tab: the board, searches, post details and the write form.
@MainActor
final class HomeCoordinator: HomeCoordinatorProtocol, RoutesAfterLogin {
    weak var finishDelegate: (any CoordinatorFinishDelegate)?
    weak var loginDelegate: (any LoginCheckDelegate)?
    weak var homeDelegate: (any HomeCoordinatorDelegate)?
    var navigationController: Navigator
    var childCoordinators: [any Coordinator] = []
    let type = CoordinatorType.home
    let boardScreen: BoardScreen
    var pendingRoute: Route?
    /// The performer of every step Home's routes take.
    let tabBarController: TabBarController
    let context: AppContext
    var trace: FlowTrace? { context.trace }

    init(tabBarController: TabBarController, context: AppContext) {
        self.tabBarController = tabBarController
        navigationController = tabBarController.navigator(for: .home)
        self.context = context
        boardScreen = BoardScreen(context: context)
    }

    func start() async throws {
        boardScreen.sendEvents(to: self) { try await $0.perform($0.route(for: $1)) }
        tabBarController.install(root: boardScreen, on: .home, madeBy: self)
    }

    // MARK: - Flows

    func pushSearchScreen(words: String) async throws {
        try await perform(.search(words: words))
    }

    func pushFastSearchScreen(work: String) async throws {
        try await perform(.fastSearch(work: work))
    }

    func showProjectWriteScreen() async throws {
        try await perform(requiringLogin(.write(.new)))
    }

    func showModifyProject(project: Project) async throws {
        try await perform(.write(.modify(project)))
    }

    func presentWriteCoordinator(mode: ProjectWriteScreen.Mode) async throws {
        let writeCoordinator = ProjectWriteCoordinator(mode: mode, context: context)
        writeCoordinator.finishDelegate = self
        writeCoordinator.writeDelegate = self
        childCoordinators.append(writeCoordinator)
        trace?.started(writeCoordinator, by: self)
        do {
            try await tabBarController.perform(
                Self.steps(for: .write(mode), in: tabBarController.state), presenting: writeCoordinator)
            try await writeCoordinator.start()
        } catch {
            childCoordinators.removeAll { $0 === writeCoordinator }
            throw error
        }
    }

    func registerProject(_ project: Project) async throws {
        context.console.show(.postChange(.posted, postID: project.id))
        try await perform(.posted(project))
    }

    func updateProject(_ project: Project) async throws {
        context.console.show(.postChange(.saved, postID: project.id))
        // Shown again where it was open, as it is now.
        try await navigationController.screens.last { $0.subject == .post(project.id) }?.receive(.postSaved(project))
    }

    func pushProjectDetailScreen(project: Project) async throws {
        try await perform(.detail(project))
    }

    /// The write form that is open, if any.
    var writeCoordinator: ProjectWriteCoordinator? {
        childCoordinators.lazy.compactMap { $0 as? ProjectWriteCoordinator }.first
    }
}

// MARK: - ScreenMaking

extension HomeCoordinator: ScreenMaking {
    func makeScreen(_ recipe: ScreenRecipe) -> (any Screen)? {
        switch recipe {
        case .postsFound(let query):
            let screen = ProjectSearchScreen(query: query, context: context)
            screen.sendEvents(to: self) { try await $0.perform($0.route(for: $1)) }
            return screen
        case .post(let project):
            let detail = ProjectDetailScreen(project: project, context: context)
            detail.sendEvents(to: self) { try await $0.perform($0.route(for: $1)) }
            return detail
        case .room, .draftRoom, .messagesFound:
            return nil
        }
    }
}

// MARK: - CoordinatorFinishDelegate

extension HomeCoordinator: CoordinatorFinishDelegate {
    func coordinatorDidFinish(childCoordinator: any Coordinator) {
        childCoordinators.removeAll { $0 === childCoordinator }
        if childCoordinator.type == .projectWrite {
            // A finish can not wait for rendering; dismissing renders nothing.
            tabBarController.apply([.dismiss])
        }
    }
}

// MARK: - ProjectWriteCoordinatorDelegate

extension HomeCoordinator: ProjectWriteCoordinatorDelegate {}
