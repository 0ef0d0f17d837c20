import TudyCore

/// Runs the Chat tab: the rooms list and the rooms.
@MainActor
final class ChatCoordinator: Coordinator {
    /// What Chat does once a user has logged in for it.
    enum PendingAction: Equatable {
        case select
        case personalChat(with: User)
        case nextUnread
    }

    weak var finishDelegate: (any CoordinatorFinishDelegate)?
    weak var loginDelegate: (any LoginCheckDelegate)?
    weak var chatDelegate: (any ChatCoordinatorDelegate)?
    var navigationController: Navigator
    var childCoordinators: [any Coordinator] = []
    let type = CoordinatorType.chat
    let roomListScreen: RoomListScreen
    private(set) var pendingAction: PendingAction?
    let context: AppContext
    var trace: FlowTrace? { context.trace }
    /// The user's rooms as the change stream last told them, by id: a notice names its room
    /// without asking the store for each message.
    var knownRooms: [Int: Room] = [:]
    /// The last room pushed, while it lives: the coordinator that made it knows its type.
    weak var roomScreen: RoomScreen?

    /// The room on top of Chat's stack, if a room is on top.
    var shownRoom: RoomScreen? {
        guard let roomScreen, navigationController.topScreen === roomScreen else { return nil }
        return roomScreen
    }

    init(_ navigationController: Navigator, context: AppContext) {
        self.navigationController = navigationController
        self.context = context
        roomListScreen = RoomListScreen(context: context)
        own(navigationController)
    }

    func start() async throws {
        roomListScreen.didSendEventClosure = { [weak self] event in
            guard let self else { return }
            note(event, from: roomListScreen)
            try await perform(route(for: event))
        }
        navigationController.setRoot(roomListScreen)
    }

    /// `/chat`: Chat is shown only to a user; a guest is asked to log in first.
    func requestSelection() {
        afterLogin(.select) {
            trace?.call(.selectChatTab, from: self, to: chatDelegate)
            chatDelegate?.selectChatTab()
        }
    }

    /// `/dm NAME` where the tab in view has no `/dm` of its own: the 1:1 room, after a login
    /// if need be.
    func requestPersonalChat(with other: User) {
        afterLogin(.personalChat(with: other)) {
            trace?.call(.showPersonalChat(with: other), from: self, to: chatDelegate)
            chatDelegate?.showPersonalChat(with: other)
        }
    }

    /// `/next`: the room with the oldest unread message, after a login if need be.
    func requestNextUnread() {
        afterLogin(.nextUnread) {
            trace?.call(.showNextUnread, from: self, to: chatDelegate)
            chatDelegate?.showNextUnread()
        }
    }

    /// Does `action` for a user; for a guest, keeps `pending` for after the login they are
    /// asked for (`resumeAfterLogin`).
    private func afterLogin(_ pending: PendingAction, _ action: () -> Void) {
        guard context.login.user != nil else {
            pendingAction = pending
            showLogin()
            return
        }
        action()
    }

    func pushDraft(with other: User) async throws {
        let draft = DirectRoomDraftScreen(with: other, context: context)
        draft.didSendEventClosure = { [weak self, unowned draft] event in
            guard let self else { return }
            note(event, from: draft)
            try await perform(route(for: event))
        }
        try await navigationController.push(draft)
    }

    func pushRoom(_ room: Room) async throws {
        let screen = RoomScreen(room: room, context: context)
        roomScreen = screen
        screen.didSendEventClosure = { [weak self, unowned screen] event in
            guard let self else { return }
            note(event, from: screen)
            try await perform(route(for: event, in: room))
        }
        try await navigationController.push(screen)
    }

    /// `/find` or `/mentions`: the messages found, over what was shown (a search replaces the
    /// one before it).
    func showSearch(_ finding: MessageSearchScreen.Finding) async throws {
        try await perform(.search(finding))
    }

    func pushSearch(_ finding: MessageSearchScreen.Finding) async throws {
        let screen = MessageSearchScreen(finding: finding, context: context)
        screen.didSendEventClosure = { [weak self, unowned screen] event in
            guard let self else { return }
            note(event, from: screen)
            try await perform(route(for: event))
        }
        try await navigationController.push(screen)
    }

    func showLogin() {
        trace?.call(.prepareLoginCoordinator, from: self, to: loginDelegate)
        loginDelegate?.prepareLoginCoordinator()
    }

    // MARK: - Login

    /// Goes on with what was asked before the login.
    func resumeAfterLogin() {
        guard let action = pendingAction else { return }
        pendingAction = nil
        switch action {
        case .select:
            trace?.call(.selectChatTab, from: self, to: chatDelegate)
            chatDelegate?.selectChatTab()
        case .personalChat(let other):
            requestPersonalChat(with: other)
        case .nextUnread:
            requestNextUnread()
        }
    }

    /// The login was cancelled: what waited for it is dropped.
    func dropPendingAction() {
        pendingAction = nil
    }

    /// After a logout: nothing of the last user's rooms stays on the stack.
    func reset() {
        navigationController.popToRoot()
        pendingAction = nil
    }
}
