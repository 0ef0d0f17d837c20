/// Where a finished write form sends its post.
@MainActor
public protocol ProjectWriteCoordinatorDelegate: AnyObject {
    /// A new post was written.
    func registerProject(_ project: Project) async throws
    /// A post was modified.
    func updateProject(_ project: Project) async throws
}

/// Runs the modal write form for a new post or a modification.
@MainActor
public final class ProjectWriteCoordinator: Coordinator {
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?
    public weak var writeDelegate: (any ProjectWriteCoordinatorDelegate)?
    public var navigationController: Navigator
    public var childCoordinators: [any Coordinator] = []
    public let type = CoordinatorType.projectWrite
    let writeScreen: ProjectWriteScreen

    public init(mode: ProjectWriteScreen.Mode, context: AppContext) {
        writeScreen = ProjectWriteScreen(mode: mode, context: context)
        navigationController = Navigator(root: writeScreen)
    }

    public func start() async throws {
        writeScreen.didSendEventClosure = { [weak self] event in
            guard let self else { return }
            let delegate = writeDelegate
            finish()
            switch event {
            case .didRegister(let project): try await delegate?.registerProject(project)
            case .didUpdate(let project): try await delegate?.updateProject(project)
            }
        }
    }

    /// `/back`: the draft is dropped.
    public func cancel() {
        finish()
    }
}
