import TudyCore

/// Where a finished write form sends its post.
@MainActor
protocol ProjectWriteCoordinatorDelegate: AnyObject {
    /// A new post was written.
    func registerProject(_ project: Project) async throws
    /// A post was modified.
    func updateProject(_ project: Project) async throws
}

/// Runs the modal write form for a new post or a modification.
@MainActor
final class ProjectWriteCoordinator: Coordinator {
    weak var finishDelegate: (any CoordinatorFinishDelegate)?
    weak var writeDelegate: (any ProjectWriteCoordinatorDelegate)?
    var navigationController: Navigator
    var childCoordinators: [any Coordinator] = []
    let type = CoordinatorType.projectWrite
    let writeScreen: ProjectWriteScreen
    let trace: FlowTrace?

    init(mode: ProjectWriteScreen.Mode, context: AppContext) {
        writeScreen = ProjectWriteScreen(mode: mode, context: context)
        navigationController = Navigator(root: writeScreen)
        trace = context.trace
        own(navigationController)
    }

    func start() async throws {
        writeScreen.sendEvents(to: self) { write, event in
            let delegate = write.writeDelegate
            // Drawn before the finish it follows: a participant the diagram has destroyed sends nothing.
            let call: DelegateCall =
                switch event {
                case .didRegister(let project): .registerProject(project)
                case .didUpdate(let project): .updateProject(project)
                }
            write.trace?.call(call, from: write, to: delegate)
            write.finish()
            switch event {
            case .didRegister(let project): try await delegate?.registerProject(project)
            case .didUpdate(let project): try await delegate?.updateProject(project)
            }
        }
    }

    /// `/back`: the draft is dropped.
    func cancel() {
        finish()
    }
}
