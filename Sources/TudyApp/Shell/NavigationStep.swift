import TudyCore

/// One change of what is shown, as XCoordinator's transitions are values: a coordinator turns
/// a route into steps with a pure function of the route and a `NavigationState`, and the tab
/// bar controller, the one performer, applies them and draws each in the trace. A test reads
/// the steps of a route, or of a whole line (`TabBarController.rehearse`), without a screen.
enum NavigationStep: Equatable, Sendable {
    /// Shows a tab's stack; the other keeps its own.
    case select(Tab)
    /// Takes the top screen off a tab's stack; the root stays.
    case pop(Tab)
    /// Takes every screen above the root off a tab's stack.
    case popToRoot(Tab)
    /// Makes the screen and pushes it onto its tab's stack, and renders it.
    case push(ScreenRecipe)
    /// Shows a child coordinator's flow modally over the tabs, and renders it.
    case present(CoordinatorType)
    /// Takes the modal off the tabs.
    case dismiss
}

/// A screen to be pushed, named by what it shows: the value a step carries, so that a step is
/// decided (and compared in a test) before any screen exists. The tab's coordinator makes it.
enum ScreenRecipe: Equatable, Sendable {
    /// The posts found by words or by a work (Home).
    case postsFound(ProjectQuery)
    /// One post (Home).
    case post(Project)
    /// One of the user's rooms (Chat).
    case room(Room)
    /// A 1:1 room not made yet: its first message makes it (Chat).
    case draftRoom(with: User)
    /// Messages found by words or by a mention (Chat).
    case messagesFound(MessageSearchScreen.Finding)

    /// The tab whose stack the screen goes on.
    var tab: Tab {
        switch self {
        case .postsFound, .post: .home
        case .room, .draftRoom, .messagesFound: .chat
        }
    }
}

/// What the steps of a route depend on: the selected tab, what each stack shows, and whether
/// a modal is up. A value, taken from the tab bar controller before a decision.
struct NavigationState: Equatable {
    var selectedTab: Tab
    /// Each tab's stack, root first, as what its screens show.
    var stacks: [Tab: [ScreenSubject]]
    var isPresenting: Bool

    /// How many screens are on a tab's stack.
    func depth(of tab: Tab) -> Int { stacks[tab]?.count ?? 0 }

    /// What the top screen of a tab shows.
    func top(of tab: Tab) -> ScreenSubject? { stacks[tab]?.last }
}

/// A coordinator of a tab: makes the screens its steps push, its events wired to itself.
@MainActor
protocol ScreenMaking: AnyObject {
    /// A new screen for the recipe, not yet rendered; nil for a recipe of another tab's.
    func makeScreen(_ recipe: ScreenRecipe) -> (any Screen)?
}
