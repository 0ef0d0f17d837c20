import TudyCore

/// The tab bar's transitions: a route decided, its steps a pure function of it and what is
/// shown, performed by the tab bar controller; then what it asks of Home or Chat.
extension TabBarCoordinator {
    /// Where the tab bar goes next. Its own commands' routes are performed at once; those a
    /// child asked for through a delegate are decided at once and performed when the line's
    /// own work is done (`routes`).
    enum Route: Equatable {
        /// The login flow, presented (unless one is up).
        case presentLogin
        /// Chat selected, for the 1:1 room with someone; Chat's own route opens it.
        case personalChat(with: User)
        /// Chat selected, for one room.
        case room(Room)
        /// Chat selected, at its rooms list when it was selected already (`/chat`).
        case selectChat
        /// Chat selected, for the room with the oldest unread message.
        case nextUnread
        /// Chat selected, for the messages that name the user (`/mentions`).
        case mentions
        /// What waited for the login, in Home and in Chat.
        case resumeAfterLogin
        /// Home selected, at its board when it was selected already (`/home`).
        case home
        /// The screen below the top one, in the tab in view (`/back`).
        case back
        /// The root of the tab in view (a command of the root, or a post or room gone).
        case tabRoot
        /// The root of the other tab, selected (a command of that tab's root).
        case otherTab(Tab)
        /// Home, as a guest sees it, after a logout.
        case loggedOut
    }

    /// The steps a route takes, given what is shown. A route that selects Chat for a room
    /// takes only that step here: Chat's own route, which it performs after, opens the room.
    static func steps(for route: Route, in state: NavigationState) -> [NavigationStep] {
        switch route {
        case .presentLogin: state.isPresenting ? [] : [.present(.login)]
        case .personalChat, .room, .nextUnread, .mentions: [.select(.chat)]
        // Selecting the tab in view goes to its root, as tapping the selected tab does.
        case .selectChat: (state.selectedTab == .chat ? [.popToRoot(.chat)] : []) + [.select(.chat)]
        case .home: (state.selectedTab == .home ? [.popToRoot(.home)] : []) + [.select(.home)]
        case .back: [.pop(state.selectedTab)]
        case .tabRoot: [.popToRoot(state.selectedTab)]
        case .otherTab(let tab): [.popToRoot(tab), .select(tab)]
        case .loggedOut: [.select(.home)]
        case .resumeAfterLogin: []
        }
    }

    /// Carries out a route: the tab bar's steps, then what it asks of Home or Chat. The reads
    /// a route needs (the 1:1 room, the next unread room) come before any step, so that a
    /// refusal leaves the user where they were.
    func perform(_ route: Route) async throws {
        let steps = Self.steps(for: route, in: tabBarController.state)
        switch route {
        case .presentLogin:
            guard loginCoordinator == nil else { return }
            try await presentLogin(LoginCoordinator(context: context, staysOpenAfterFailure: true))
        case .personalChat(let writer):
            let chatRoute = try await chatCoordinator.route(toPersonalChatWith: writer)
            try await tabBarController.perform(steps)
            trace?.call(.showPersonalChat(with: writer), from: self, to: chatCoordinator)
            try await chatCoordinator.perform(chatRoute)
        case .room(let room):
            try await tabBarController.perform(steps)
            trace?.call(.open(room), from: self, to: chatCoordinator)
            try await chatCoordinator.open(room)
        case .selectChat:
            // Chat could not be shown (the store is away): the user stays where they were.
            try await tabBarController.tentatively(steps) { try await tabBarController.visibleScreen?.appear() }
        case .nextUnread:
            guard let room = try await chatCoordinator.nextUnreadRoom() else {
                return context.console.line("no unread messages")
            }
            try await perform(.room(room))
        case .mentions:
            try await tabBarController.perform(steps)
            try await chatCoordinator.showSearch(.mentions)
        case .resumeAfterLogin:
            // Followed before the action goes on: a room it opens then knows the feed brings
            // its messages, as one opened by a user logged in from the start does. Otherwise
            // the room waited for a read by key that no arrival asks for, and others'
            // messages were only counted.
            if context.showsLiveMessages { await context.live.follow(context.login.session) }
            trace?.call(.resumeAfterLogin, from: self, to: homeCoordinator)
            try await homeCoordinator.resumeAfterLogin()
            trace?.call(.resumeAfterLogin, from: self, to: chatCoordinator)
            try await chatCoordinator.resumeAfterLogin()
        case .loggedOut:
            try await chatCoordinator.reset()
            try await tabBarController.perform(steps)
        case .home, .back, .tabRoot, .otherTab:
            try await tabBarController.perform(steps)
        }
    }
}
