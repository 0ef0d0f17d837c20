import TudyCore

// What Home, Chat and Login ask of the tab bar: each call records a route, performed after the
// line in one place (`perform`).

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

// MARK: - Routes

extension TabBarCoordinator {
    /// Carries out a route a delegate recorded, once the line that asked for it is done.
    func perform(_ route: Route) async throws {
        switch route {
        case .presentLogin:
            guard loginCoordinator == nil else { return }
            try await present(LoginCoordinator(context: context, staysOpenAfterFailure: true))
        case .personalChat(let writer):
            // Chat's route is read from the store first: a name that is nobody's, or the
            // user's own, is refused with the user where they were, not in Chat.
            let chatRoute = try await chatCoordinator.route(toPersonalChatWith: writer)
            tabBarController.select(.chat)
            trace?.call(.showPersonalChat(with: writer), from: self, to: chatCoordinator)
            try await chatCoordinator.perform(chatRoute)
        case .room(let room):
            tabBarController.select(.chat)
            trace?.call(.open(room), from: self, to: chatCoordinator)
            try await chatCoordinator.open(room)
        case .selectChat:
            if tabBarController.selectedTab == .chat { chatCoordinator.navigationController.popToRoot() }
            let before = tabBarController.selectedTab
            tabBarController.select(.chat)
            do {
                try await tabBarController.visibleScreen?.appear()
            } catch {
                // Chat could not be shown (the store is away): the user stays where they were.
                tabBarController.select(before)
                throw error
            }
        case .nextUnread:
            guard let room = try await chatCoordinator.nextUnreadRoom() else {
                return context.console.line("no unread messages")
            }
            tabBarController.select(.chat)
            trace?.call(.open(room), from: self, to: chatCoordinator)
            try await chatCoordinator.open(room)
        case .resumeAfterLogin:
            // Followed before the action goes on: a room it opens then knows the feed brings
            // its messages, as one opened by a user logged in from the start does. Otherwise
            // the room waited for a read by key that no arrival asks for, and others'
            // messages were only counted.
            if context.showsLiveMessages { await context.live.follow(context.login.session) }
            trace?.call(.resumeAfterLogin, from: self, to: homeCoordinator)
            try await homeCoordinator.resumeAfterLogin()
            trace?.call(.resumeAfterLogin, from: self, to: chatCoordinator)
            chatCoordinator.resumeAfterLogin()
        }
    }
}
