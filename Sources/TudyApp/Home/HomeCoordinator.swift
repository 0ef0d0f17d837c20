import TudyCore

/// Runs the Home tab: the board, searches, post details and the write form.
@MainActor
final class HomeCoordinator: HomeCoordinatorProtocol {
    /// What Home does once a user has logged in for it.
    enum PendingAction: Equatable {
        case write
        case sendChat(to: User)
        case join(Project)
    }

    weak var finishDelegate: (any CoordinatorFinishDelegate)?
    weak var loginDelegate: (any LoginCheckDelegate)?
    weak var homeDelegate: (any HomeCoordinatorDelegate)?
    var navigationController: Navigator
    var childCoordinators: [any Coordinator] = []
    let type = CoordinatorType.home
    let boardScreen: BoardScreen
    var pendingAction: PendingAction?
    /// The posts' screens pushed, while they live, so that a saved post is shown again there.
    var details: [ShownDetail] = []
    let context: AppContext
    var trace: FlowTrace? { context.trace }

    init(_ navigationController: Navigator, context: AppContext) {
        self.navigationController = navigationController
        self.context = context
        boardScreen = BoardScreen(context: context)
        own(navigationController)
    }

    func start() async throws {
        boardScreen.didSendEventClosure = { [weak self] event in
            guard let self else { return }
            note(event, from: boardScreen)
            try await perform(route(for: event))
        }
        navigationController.setRoot(boardScreen)
    }

    // MARK: - Flows

    func pushSearchScreen(words: String) async throws {
        try await pushResults(ProjectSearchScreen(query: .words(words), context: context))
    }

    func pushFastSearchScreen(work: String) async throws {
        try await pushResults(ProjectSearchScreen(query: .work(work), context: context))
    }

    private func pushResults(_ screen: ProjectSearchScreen) async throws {
        screen.didSendEventClosure = { [weak self, unowned screen] event in
            guard let self else { return }
            note(event, from: screen)
            try await perform(route(for: event))
        }
        try await navigationController.push(screen)
    }

    func showProjectWriteScreen() async throws {
        try await perform(route(for: PendingAction.write))
    }

    func showModifyProject(project: Project) async throws {
        try await presentWriteCoordinator(mode: .modify(project))
    }

    func presentWriteCoordinator(mode: ProjectWriteScreen.Mode) async throws {
        let writeCoordinator = ProjectWriteCoordinator(mode: mode, context: context)
        writeCoordinator.finishDelegate = self
        writeCoordinator.writeDelegate = self
        childCoordinators.append(writeCoordinator)
        trace?.started(writeCoordinator, by: self)
        do {
            try await navigationController.present(writeCoordinator.navigationController)
            try await writeCoordinator.start()
        } catch {
            childCoordinators.removeAll { $0 === writeCoordinator }
            throw error
        }
    }

    func registerProject(_ project: Project) async throws {
        context.console.show(.postChange(.posted, postID: project.id))
        navigationController.popToRoot()
        try await pushProjectDetailScreen(project: project)
    }

    func updateProject(_ project: Project) async throws {
        context.console.show(.postChange(.saved, postID: project.id))
        details.removeAll { $0.screen == nil }
        details.last { $0.screen?.project.id == project.id }?.screen?.show(project)
    }

    func pushProjectDetailScreen(project: Project) async throws {
        let detail = ProjectDetailScreen(project: project, context: context)
        details.append(ShownDetail(screen: detail))
        detail.didSendEventClosure = { [weak self, unowned detail] event in
            guard let self else { return }
            note(event, from: detail)
            try await perform(route(for: event))
        }
        try await navigationController.push(detail)
    }

    func showLogin() {
        trace?.call(.prepareLoginCoordinator, from: self, to: loginDelegate)
        loginDelegate?.prepareLoginCoordinator()
    }

    // MARK: - Login

    /// Goes on with what was asked before the login.
    func resumeAfterLogin() async throws {
        guard let action = pendingAction else { return }
        pendingAction = nil
        try await perform(route(for: action))
    }

    /// The login was cancelled: what waited for it is dropped.
    func dropPendingAction() {
        pendingAction = nil
    }

    /// The write form that is open, if any.
    var writeCoordinator: ProjectWriteCoordinator? {
        childCoordinators.lazy.compactMap { $0 as? ProjectWriteCoordinator }.first
    }
}

// MARK: - CoordinatorFinishDelegate

extension HomeCoordinator: CoordinatorFinishDelegate {
    func coordinatorDidFinish(childCoordinator: any Coordinator) {
        childCoordinators.removeAll { $0 === childCoordinator }
        if childCoordinator.type == .projectWrite {
            navigationController.dismiss()
        }
    }
}

// MARK: - ProjectWriteCoordinatorDelegate

extension HomeCoordinator: ProjectWriteCoordinatorDelegate {}

/// A post's screen Home pushed, held weakly: the stack owns it.
struct ShownDetail {
    weak var screen: ProjectDetailScreen?
}
