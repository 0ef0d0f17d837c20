@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// One delegate call, as a spy records it.
enum SpiedCall: Equatable {
    case prepareLoginCoordinator
    case showPersonalChat(with: User)
    case showStudyRoom(Int)
    case coordinatorDidFinish(CoordinatorType)
    case selectChatTab
    case showNextUnread
}

/// Records every delegate call made to it, in order.
@MainActor
final class DelegateSpy: LoginCheckDelegate, HomeCoordinatorDelegate, CoordinatorFinishDelegate,
    ChatCoordinatorDelegate
{
    private(set) var calls: [SpiedCall] = []

    func prepareLoginCoordinator() {
        calls.append(.prepareLoginCoordinator)
    }

    func showPersonalChat(with projectWriter: User) {
        calls.append(.showPersonalChat(with: projectWriter))
    }

    func showStudyRoom(_ room: Room) {
        calls.append(.showStudyRoom(room.id))
    }

    func coordinatorDidFinish(childCoordinator: any Coordinator) {
        calls.append(.coordinatorDidFinish(childCoordinator.type))
    }

    func selectChatTab() {
        calls.append(.selectChatTab)
    }

    func showNextUnread() {
        calls.append(.showNextUnread)
    }
}
