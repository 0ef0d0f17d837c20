/// The root of the coordinator tree, like the seed's scene delegate wiring: builds the tab bar.
@MainActor
public final class AppCoordinator: Coordinator {
    public weak var finishDelegate: (any CoordinatorFinishDelegate)?
    public var navigationController: Navigator
    public var childCoordinators: [any Coordinator] = []
    public let type = CoordinatorType.app
    private let context: AppContext

    public init(context: AppContext) {
        self.context = context
        navigationController = Navigator()
    }

    /// The tab bar, once started.
    public var tabBarCoordinator: TabBarCoordinator? {
        childCoordinators.lazy.compactMap { $0 as? TabBarCoordinator }.first
    }

    public func start() async throws {
        let tabBar = TabBarCoordinator(navigationController, context: context)
        tabBar.finishDelegate = self
        childCoordinators.append(tabBar)
        try await tabBar.start()
    }
}

extension AppCoordinator: CoordinatorFinishDelegate {
    public func coordinatorDidFinish(childCoordinator: any Coordinator) {
        childCoordinators.removeAll { $0 === childCoordinator }
    }
}
