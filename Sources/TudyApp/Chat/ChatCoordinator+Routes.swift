import TudyCore

/// Chat's transitions, as XCoordinator keeps them: what a screen asked for is first made a
/// `Route` (after the store is read, where the decision needs it), the route becomes steps by
/// a pure function of it and what is shown, and the tab bar controller performs them.
extension ChatCoordinator {
    /// Where Chat goes next.
    indirect enum Route: WaitsForLogin {
        /// A room over the rooms list, whatever Chat showed before.
        case room(Room)
        /// A room in place of the screen on top: a draft made real by its first message, or
        /// the group a 1:1 room became when someone was brought in.
        case roomInPlaceOfTop(Room)
        /// A 1:1 room not made yet, over the rooms list: the first message makes it.
        case draft(with: User)
        /// Messages found, over what was shown (a search replaces the one before it).
        case search(MessageSearchScreen.Finding)
        /// The screen below.
        case back
        /// The rooms list alone: after a logout, or when the user is out of the room shown.
        case roomsList
        /// Nothing changes.
        case stay
        /// The login flow first; the route waits for it, kept as it is.
        case login(then: Route)
        /// Chat's tab, which the tab bar selects (`/chat`).
        case selectTab
        /// The 1:1 room with someone, asked from elsewhere: the tab bar selects Chat for it.
        case personalChat(with: User)
        /// The room with the oldest unread message, which the tab bar finds and has Chat open.
        case nextUnread
    }

    /// What the rooms list asked for; a 1:1 room is looked for in the store first.
    func route(for event: RoomListScreen.Event) async throws -> Route {
        switch event {
        case .showRoom(let room): .room(room)
        case .showDirectRoom(let other): try await route(toPersonalChatWith: other)
        case .find(let query): .search(.words(query))
        }
    }

    func route(for event: DirectRoomDraftScreen.Event) -> Route {
        switch event {
        case .didStart(let room): .roomInPlaceOfTop(room)
        case .didLeave: .back
        case .find(let query): .search(.words(query))
        }
    }

    /// What a room asked for, the room `shown` being the one it shows.
    func route(for event: RoomScreen.Event, in shown: Room) -> Route {
        switch event {
        case .didInvite(let invited) where invited.id != shown.id: .roomInPlaceOfTop(invited)
        case .didInvite: .stay
        case .didLeave: .back
        case .find(let query): .search(.words(query))
        }
    }

    func route(for event: MessageSearchScreen.Event) -> Route {
        switch event {
        case .showRoom(let room): .room(room)
        case .find(let query): .search(.words(query))
        }
    }

    /// The 1:1 room with `other`, as the store has it: the room the two share, or a draft.
    /// - Throws: `StoreError` when there is no such user, or it is the user themself.
    func route(toPersonalChatWith other: User) async throws -> Route {
        let session = try context.requireSession()
        let other = try await context.store.user(named: other.name)
        guard !session.user.isNamed(other.name) else { throw StoreError.cannotChatWithSelf }
        let shared = try await context.store.rooms(of: session).first { $0.room.kind == .direct && $0.room.hasMember(other) }
        return shared.map { .room($0.room) } ?? .draft(with: other)
    }


    /// The steps a route takes, given what is shown: none for a route the tab bar carries out.
    static func steps(for route: Route, in state: NavigationState) -> [NavigationStep] {
        switch route {
        case .room(let room): [.popToRoot(.chat), .push(.room(room))]
        case .roomInPlaceOfTop(let room): [.pop(.chat), .push(.room(room))]
        case .draft(let other): [.popToRoot(.chat), .push(.draftRoom(with: other))]
        case .search(let finding):
            // A search replaces the one before it.
            (state.top(of: .chat) == .messagesFound ? [.pop(.chat)] : []) + [.push(.messagesFound(finding))]
        case .back: [.pop(.chat)]
        case .roomsList: [.popToRoot(.chat)]
        case .stay, .login, .selectTab, .personalChat, .nextUnread: []
        }
    }

    func perform(_ route: Route) async throws {
        switch route {
        case .login(let waiting):
            pendingRoute = waiting
            showLogin()
        case .selectTab:
            trace?.call(.selectChatTab, from: self, to: chatDelegate)
            chatDelegate?.selectChatTab()
        case .personalChat(let other):
            trace?.call(.showPersonalChat(with: other), from: self, to: chatDelegate)
            chatDelegate?.showPersonalChat(with: other)
        case .nextUnread:
            trace?.call(.showNextUnread, from: self, to: chatDelegate)
            chatDelegate?.showNextUnread()
        case .room, .roomInPlaceOfTop, .draft, .search, .back, .roomsList, .stay:
            try await tabBarController.perform(Self.steps(for: route, in: tabBarController.state))
        }
    }
}
