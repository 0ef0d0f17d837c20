// What Home, Chat and Login ask of the tab bar: each call records a route, performed after the line.

// MARK: - LoginCheckDelegate

extension TabBarCoordinator: LoginCheckDelegate {
    func prepareLoginCoordinator() {
        routes.append(.presentLogin)
    }
}

// MARK: - HomeCoordinatorDelegate

extension TabBarCoordinator: HomeCoordinatorDelegate {
    func showPersonalChat(with projectWriter: User) {
        routes.append(.personalChat(with: projectWriter))
    }
}

// MARK: - ChatCoordinatorDelegate

extension TabBarCoordinator: ChatCoordinatorDelegate {
    func selectChatTab() {
        routes.append(.selectChat)
    }
}

// MARK: - CoordinatorFinishDelegate

extension TabBarCoordinator: CoordinatorFinishDelegate {
    func coordinatorDidFinish(childCoordinator: any Coordinator) {
        childCoordinators.removeAll { $0 === childCoordinator }
        guard let login = childCoordinator as? LoginCoordinator else { return }
        tabBarController.dismiss()
        switch login.outcome {
        case .loggedIn(let session):
            context.login.session = session
            keepLogin(session)
            routes.append(.resumeAfterLogin)
        case .cancelled, nil:
            homeCoordinator.dropPendingAction()
            chatCoordinator.dropPendingAction()
        }
    }
}

