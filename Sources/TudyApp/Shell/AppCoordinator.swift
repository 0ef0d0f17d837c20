import TudyCore

/// The root of the coordinator tree, like the seed's scene delegate wiring: builds the tab bar.
@MainActor
package final class AppCoordinator: Coordinator {
    weak var finishDelegate: (any CoordinatorFinishDelegate)?
    var navigationController: Navigator
    var childCoordinators: [any Coordinator] = []
    let type = CoordinatorType.app
    private let context: AppContext
    var trace: FlowTrace? { context.trace }

    package init(context: AppContext) {
        self.context = context
        navigationController = Navigator()
    }

    /// The tab bar, once started.
    var tabBarCoordinator: TabBarCoordinator? {
        childCoordinators.lazy.compactMap { $0 as? TabBarCoordinator }.first
    }

    func start() async throws {
        let tabBar = TabBarCoordinator(navigationController, context: context)
        tabBar.finishDelegate = self
        childCoordinators.append(tabBar)
        trace?.root(self)
        trace?.started(tabBar, by: self)
        try await tabBar.start()
    }
}

extension AppCoordinator: CoordinatorFinishDelegate {
    func coordinatorDidFinish(childCoordinator: any Coordinator) {
        childCoordinators.removeAll { $0 === childCoordinator }
    }
}
