import TudyCore

/// Runs the Chat tab: the rooms list and the rooms.
@MainActor
final class ChatCoordinator: RoutesAfterLogin {
    weak var finishDelegate: (any CoordinatorFinishDelegate)?
    weak var loginDelegate: (any LoginCheckDelegate)?
    weak var chatDelegate: (any ChatCoordinatorDelegate)?
    var navigationController: Navigator
    var childCoordinators: [any Coordinator] = []
    let type = CoordinatorType.chat
    let roomListScreen: RoomListScreen
    var pendingRoute: Route?
    /// The performer of every step Chat's routes take.
    let tabBarController: TabBarController
    let context: AppContext
    var trace: FlowTrace? { context.trace }
    /// The user's rooms as the change stream last told them, by id: a notice names its room
    /// without asking the store for each message.
    var knownRooms: [Int: Room] = [:]

    init(tabBarController: TabBarController, context: AppContext) {
        self.tabBarController = tabBarController
        navigationController = tabBarController.navigator(for: .chat)
        self.context = context
        roomListScreen = RoomListScreen(context: context)
    }

    func start() async throws {
        roomListScreen.sendEvents(to: self) { try await $0.perform(try await $0.route(for: $1)) }
        tabBarController.install(root: roomListScreen, on: .chat, madeBy: self)
    }

    /// `/chat`: Chat is shown only to a user; a guest is asked to log in first.
    func requestSelection() async throws {
        try await perform(requiringLogin(.selectTab))
    }

    /// `/dm NAME` where the tab in view has no `/dm` of its own: the 1:1 room, after a login
    /// if need be.
    func requestPersonalChat(with other: User) async throws {
        try await perform(requiringLogin(.personalChat(with: other)))
    }

    /// `/next`: the room with the oldest unread message, after a login if need be.
    func requestNextUnread() async throws {
        try await perform(requiringLogin(.nextUnread))
    }

    /// `/find` or `/mentions`: the messages found, over what was shown (a search replaces the
    /// one before it).
    func showSearch(_ finding: MessageSearchScreen.Finding) async throws {
        try await perform(.search(finding))
    }

    /// Opens a room over the rooms list, whatever Chat showed before.
    func open(_ room: Room) async throws {
        try await perform(.room(room))
    }

    /// After a logout: nothing of the last user's rooms stays on the stack.
    func reset() async throws {
        pendingRoute = nil
        try await perform(.roomsList)
    }
}

// MARK: - ScreenMaking

extension ChatCoordinator: ScreenMaking {
    func makeScreen(_ recipe: ScreenRecipe) -> (any Screen)? {
        switch recipe {
        case .room(let room):
            let screen = RoomScreen(room: room, context: context)
            screen.sendEvents(to: self) { try await $0.perform($0.route(for: $1, in: room)) }
            return screen
        case .draftRoom(let other):
            let draft = DirectRoomDraftScreen(with: other, context: context)
            draft.sendEvents(to: self) { try await $0.perform($0.route(for: $1)) }
            return draft
        case .messagesFound(let finding):
            let screen = MessageSearchScreen(finding: finding, context: context)
            screen.sendEvents(to: self) { try await $0.perform($0.route(for: $1)) }
            return screen
        case .postsFound, .post:
            return nil
        }
    }
}
