import TudyCore

/// Chat's transitions, as XCoordinator keeps them: what a screen asked for is first made a
/// `Route` and then performed, so that a test reads where a line leads without a screen.
extension ChatCoordinator {
    /// Where Chat goes next.
    enum Route: Equatable {
        /// A room over the rooms list, whatever Chat showed before.
        case room(Room)
        /// A room in place of the screen on top: a draft made real by its first message, or
        /// the group a 1:1 room became when someone was brought in.
        case roomInPlaceOfTop(Room)
        /// The 1:1 room with someone: the room the two share, else a draft of it; which one,
        /// the store says (`route(toPersonalChatWith:)`).
        case personalChat(with: User)
        /// A 1:1 room not made yet, over the rooms list: the first message makes it.
        case draft(with: User)
        /// Messages found, over what was shown (a search replaces the one before it).
        case search(MessageSearchScreen.Finding)
        /// The screen below.
        case back
        /// Nothing changes.
        case stay
    }

    func route(for event: RoomListScreen.Event) -> Route {
        switch event {
        case .showRoom(let room): .room(room)
        case .showDirectRoom(let other): .personalChat(with: other)
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

    func perform(_ route: Route) async throws {
        switch route {
        case .room(let room):
            navigationController.popToRoot()
            try await pushRoom(room)
        case .roomInPlaceOfTop(let room):
            navigationController.pop()
            try await pushRoom(room)
        case .personalChat(let other):
            try await perform(try await self.route(toPersonalChatWith: other))
        case .draft(let other):
            navigationController.popToRoot()
            try await pushDraft(with: other)
        case .search(let finding):
            if navigationController.topScreen?.subject == .messagesFound { navigationController.pop() }
            try await pushSearch(finding)
        case .back:
            navigationController.pop()
        case .stay:
            break
        }
    }
}
