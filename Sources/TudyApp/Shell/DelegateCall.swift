import TudyCore

/// A call one coordinator makes of another through a delegate, as a value, named and labelled
/// as the Swift call is: the trace draws it from the value (`FlowTrace.call`), so no call site
/// writes the words of the call it makes beside it.
enum DelegateCall {
    case selectChatTab
    case showPersonalChat(with: User)
    case showNextUnread
    case prepareLoginCoordinator
    case showStudyRoom(Room)
    case open(Room)
    case resumeAfterLogin
    case registerProject(Project)
    case updateProject(Project)
}
