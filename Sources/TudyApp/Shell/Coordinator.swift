import TudyCore

/// What kind of coordinator one is; a parent tells its children apart by it.
enum CoordinatorType: Equatable, Sendable {
    case app
    case tab
    case home
    case chat
    case login
    case projectWrite
}

/// A coordinator owns the flow between screens; screens never know it (seed 001).
@MainActor
protocol Coordinator: AnyObject {
    /// Lets the parent learn that this coordinator finished, so it can drop it.
    var finishDelegate: (any CoordinatorFinishDelegate)? { get set }
    /// The stack of screens this coordinator pushes onto.
    var navigationController: Navigator { get set }
    /// The children it keeps alive; most of the time one, or none.
    var childCoordinators: [any Coordinator] { get set }
    /// What kind of coordinator this is.
    var type: CoordinatorType { get }
    /// Where the flow is drawn (`--trace`), if anywhere.
    var trace: FlowTrace? { get }

    /// Shows the coordinator's first screen.
    func start() async throws
    /// Ends the flow: drops the children and tells the parent.
    func finish()
}

extension Coordinator {
    func finish() {
        childCoordinators.removeAll()
        trace?.finished(self, parent: finishDelegate)
        finishDelegate?.coordinatorDidFinish(childCoordinator: self)
    }

    /// Draws a screen's event in the trace, as it reaches this coordinator.
    func note(_ event: Any, from screen: any Screen) {
        trace?.event(FlowTrace.describe(event), from: screen.title, to: self)
    }

    /// Makes this coordinator the owner of a navigator: the trace names its changes after it.
    func own(_ navigator: Navigator) {
        navigator.owner = self
    }
}

/// A parent that learns when a child coordinator has finished.
@MainActor
protocol CoordinatorFinishDelegate: AnyObject {
    /// The child ended; the parent drops it from `childCoordinators`.
    func coordinatorDidFinish(childCoordinator: any Coordinator)
}

/// Something that needs a user before it can go on (seed 001: Home and Chat).
@MainActor
protocol LoginCheckDelegate: AnyObject {
    /// Presents the login flow; the asker resumes its action after a login.
    func prepareLoginCoordinator()
}

/// What Home asks of the tab bar that it can not do itself.
@MainActor
protocol HomeCoordinatorDelegate: AnyObject {
    /// "Send a chat" on a post: selects Chat and opens the 1:1 room with the writer.
    func showPersonalChat(with projectWriter: User)
    /// `/join` on a post: selects Chat and opens the post's study room.
    func showStudyRoom(_ room: Room)
}

/// What Chat asks of the tab bar.
@MainActor
protocol ChatCoordinatorDelegate: AnyObject {
    /// Chat is ready to be shown (its user is logged in): select its tab.
    func selectChatTab()
    /// `/dm NAME` from a screen of another tab: select Chat and open the 1:1 room.
    func showPersonalChat(with other: User)
    /// `/next`: select Chat and open the room with the oldest unread message.
    func showNextUnread()
}
