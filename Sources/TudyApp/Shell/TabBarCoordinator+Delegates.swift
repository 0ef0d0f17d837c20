import TudyCore

// What Home, Chat and Login ask of the tab bar: each call records a route, performed after the
// line (`TabBarCoordinator+Routes`).

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

    func showStudyRoom(_ room: Room) {
        routes.append(.room(room))
    }
}

// MARK: - ChatCoordinatorDelegate

extension TabBarCoordinator: ChatCoordinatorDelegate {
    func selectChatTab() {
        routes.append(.selectChat)
    }

    func showNextUnread() {
        routes.append(.nextUnread)
    }
}

// MARK: - CoordinatorFinishDelegate

extension TabBarCoordinator: CoordinatorFinishDelegate {
    func coordinatorDidFinish(childCoordinator: any Coordinator) {
        childCoordinators.removeAll { $0 === childCoordinator }
        guard let login = childCoordinator as? LoginCoordinator else { return }
        // A finish can not wait for rendering; dismissing renders nothing.
        tabBarController.apply([.dismiss])
        switch login.outcome {
        case .loggedIn(let session):
            context.login.session = session
            keepLogin(session)
            routes.append(.resumeAfterLogin)
        case .cancelled, nil:
            homeCoordinator.dropPendingRoute()
            chatCoordinator.dropPendingRoute()
        }
    }
}
