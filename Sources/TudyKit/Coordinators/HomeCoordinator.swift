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
    private(set) var pendingAction: PendingAction?
    private let context: AppContext
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
            switch event {
            case .showSearch(let words): try await pushSearchScreen(words: words)
            case .showFastSearch(let work): try await pushFastSearchScreen(work: work)
            case .showProjectWrite: try await showProjectWriteScreen()
            case .showProjectDetail(let project): try await pushProjectDetailScreen(project: project)
            }
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
            self?.note(event, from: screen)
            switch event {
            case .showProjectDetail(let project): try await self?.pushProjectDetailScreen(project: project)
            }
        }
        try await navigationController.push(screen)
    }

    func showProjectWriteScreen() async throws {
        guard context.login.user != nil else {
            pendingAction = .write
            showLogin()
            return
        }
        try await presentWriteCoordinator(mode: .new)
    }

    func showModifyProject(project: Project) async throws {
        try await presentWriteCoordinator(mode: .modify(project))
    }

    private func presentWriteCoordinator(mode: ProjectWriteScreen.Mode) async throws {
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
        let detail = navigationController.screens.last { ($0 as? ProjectDetailScreen)?.project.id == project.id }
        (detail as? ProjectDetailScreen)?.show(project)
    }

    func pushProjectDetailScreen(project: Project) async throws {
        let detail = ProjectDetailScreen(project: project, context: context)
        detail.didSendEventClosure = { [weak self, unowned detail] event in
            guard let self else { return }
            note(event, from: detail)
            switch event {
            case .sendChat(let writer): sendChat(to: writer)
            case .join(let project): try await join(project)
            case .modify(let project): try await showModifyProject(project: project)
            case .didDelete: navigationController.pop()
            }
        }
        try await navigationController.push(detail)
    }

    func showLogin() {
        trace?.call("prepareLoginCoordinator()", from: self, to: loginDelegate)
        loginDelegate?.prepareLoginCoordinator()
    }

    private func sendChat(to writer: User) {
        guard context.login.user != nil else {
            pendingAction = .sendChat(to: writer)
            showLogin()
            return
        }
        trace?.call("showPersonalChat(with: \(writer.name))", from: self, to: homeDelegate)
        homeDelegate?.showPersonalChat(with: writer)
    }

    /// `/join`: the post's study room, after a login if need be.
    private func join(_ project: Project) async throws {
        guard let session = context.login.session else {
            pendingAction = .join(project)
            showLogin()
            return
        }
        let room = try await context.store.join(projectID: project.id, by: session)
        trace?.call("showStudyRoom(#\(room.id))", from: self, to: homeDelegate)
        homeDelegate?.showStudyRoom(room)
    }

    // MARK: - Login

    /// Goes on with what was asked before the login.
    func resumeAfterLogin() async throws {
        guard let action = pendingAction else { return }
        pendingAction = nil
        switch action {
        case .write: try await showProjectWriteScreen()
        case .sendChat(let writer): sendChat(to: writer)
        case .join(let project): try await join(project)
        }
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
