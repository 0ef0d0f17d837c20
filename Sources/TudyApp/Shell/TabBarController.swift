import TudyCore

/// A tab of the tab bar.
enum Tab: String, CaseIterable, Sendable {
    case home
    case chat
}

/// A stack of screens, like a `UINavigationController`'s. Only the tab bar controller, the one
/// performer of `NavigationStep`s, changes it (its setter is this file's).
@MainActor
final class Navigator {
    /// The screens, root first.
    fileprivate(set) var screens: [any Screen] = []
    /// The coordinator whose screens these are, as the trace names the changes.
    weak var owner: (any Coordinator)?

    init(root: (any Screen)? = nil) {
        if let root { screens = [root] }
    }

    /// The screen on top, the one that takes input.
    var topScreen: (any Screen)? { screens.last }
}

/// The tab bar, like a `UITabBarController`: one navigator per tab, the selected tab, and at
/// most one modal navigator shown over them. It is the one performer of navigation: every
/// change of a stack, of the tab or of the modal is a `NavigationStep` applied here, and drawn
/// in the trace from the step.
@MainActor
final class TabBarController {
    /// Each tab's own stack; switching tabs keeps both.
    let navigators: [Tab: Navigator]
    private(set) var selectedTab: Tab = .home
    /// The modal over the tabs, if one is shown.
    private(set) var presented: Navigator?
    /// The tab bar's coordinator, as the trace names a change of tab; and the trace.
    weak var owner: (any Coordinator)?
    var trace: FlowTrace?
    /// Who makes each tab's screens.
    private var makers: [Tab: MakerReference] = [:]
    /// While a line is rehearsed: the steps asked for, none of them applied.
    private var rehearsed: [NavigationStep]?

    init() {
        navigators = Dictionary(uniqueKeysWithValues: Tab.allCases.map { ($0, Navigator()) })
    }

    /// The navigator of a tab.
    func navigator(for tab: Tab) -> Navigator {
        navigators[tab]!
    }

    /// The navigator whose top screen takes input: the modal, or the selected tab's.
    var visibleNavigator: Navigator {
        presented ?? navigator(for: selectedTab)
    }

    /// The screen that takes input now.
    var visibleScreen: (any Screen)? { visibleNavigator.topScreen }

    /// What the steps of a route depend on, as a value.
    var state: NavigationState {
        NavigationState(
            selectedTab: selectedTab, stacks: navigators.mapValues { $0.screens.map(\.subject) },
            isPresenting: presented != nil)
    }

    /// Where the user is, e.g. `chat > rooms > @bob`; a modal is named last.
    var path: String {
        pathParts.joined(separator: " > ")
    }

    /// The tab, then the title of each screen down to the visible one.
    var pathParts: [String] {
        [selectedTab.rawValue] + navigator(for: selectedTab).screens.map(\.title) + (presented?.screens.map(\.title) ?? [])
    }

    // MARK: - Setting up

    /// Gives a tab its root screen and the coordinator that makes the screens pushed over it.
    func install(root: any Screen, on tab: Tab, madeBy maker: any ScreenMaking & Coordinator) {
        navigator(for: tab).screens = [root]
        navigator(for: tab).owner = maker
        makers[tab] = MakerReference(maker: maker)
    }

    // MARK: - Performing

    /// Applies the steps in order and renders what they show: a pushed screen, a presented
    /// modal (`modal`, the child coordinator a `.present` step names). A screen that can not
    /// render is taken off again, and its error thrown.
    func perform(_ steps: [NavigationStep], presenting modal: (any Coordinator)? = nil) async throws {
        for shown in apply(steps, presenting: modal) {
            switch shown {
            case .pushed(let screen, let navigator):
                do {
                    try await screen.appear()
                } catch {
                    navigator.screens.removeAll { $0 === screen }
                    draw("pop \(screen.title): it could not be shown", by: navigator.owner)
                    throw error
                }
            case .presented(let modal):
                do {
                    try await modal.topScreen?.appear()
                } catch {
                    apply([.dismiss])
                    throw error
                }
            }
        }
    }

    /// Applies the steps without rendering anything, for a caller that can not wait (a finish
    /// delegate dismissing the modal that finished). Returns what is still to render.
    @discardableResult
    func apply(_ steps: [NavigationStep], presenting modal: (any Coordinator)? = nil) -> [Shown] {
        if rehearsed != nil {
            rehearsed?.append(contentsOf: steps)
            return []
        }
        return steps.compactMap { apply($0, presenting: modal) }
    }

    private func apply(_ step: NavigationStep, presenting modal: (any Coordinator)?) -> Shown? {
        switch step {
        case .select(let tab):
            if tab != selectedTab { draw("select \(tab.rawValue)", by: owner) }
            selectedTab = tab
        case .pop(let tab):
            let navigator = navigator(for: tab)
            guard navigator.screens.count > 1 else { return nil }
            let popped = navigator.screens.removeLast()
            draw("pop \(popped.title)", by: navigator.owner)
        case .popToRoot(let tab):
            let navigator = navigator(for: tab)
            guard navigator.screens.count > 1 else { return nil }
            navigator.screens = Array(navigator.screens.prefix(1))
            draw("pop to root", by: navigator.owner)
        case .push(let recipe):
            guard let screen = makers[recipe.tab]?.maker?.makeScreen(recipe) else { return nil }
            let navigator = navigator(for: recipe.tab)
            navigator.screens.append(screen)
            draw("push \(screen.title)", by: navigator.owner)
            return .pushed(screen, on: navigator)
        case .present(let type):
            guard let modal, modal.type == type else { return nil }
            presented = modal.navigationController
            if let trace, let owner { trace.present(modal, by: owner) }
            return .presented(modal.navigationController)
        case .dismiss:
            if let trace, let owner, let modalOwner = presented?.owner {
                trace.navigation("dismiss \(trace.id(modalOwner))", by: owner)
            }
            presented = nil
        }
        return nil
    }

    private func draw(_ change: String, by coordinator: (any Coordinator)?) {
        if let trace, let coordinator { trace.navigation(change, by: coordinator) }
    }

    /// Performs the steps, then `body`; when `body` fails, every stack and the tab are put back
    /// as they were, unseen, and its error thrown: a command run from elsewhere (the tab's root,
    /// the other tab) that fails leaves the user where they were.
    func tentatively(_ steps: [NavigationStep], _ body: () async throws -> Void) async throws {
        let saved = (tab: selectedTab, stacks: navigators.mapValues(\.screens))
        do {
            try await perform(steps)
            try await body()
        } catch {
            if rehearsed == nil {
                selectedTab = saved.tab
                for (tab, screens) in saved.stacks { navigator(for: tab).screens = screens }
            }
            throw error
        }
    }

    /// The steps `body` asks for, none of them applied: what a line would do to the stacks, read
    /// without doing it.
    func rehearse(_ body: () async throws -> Void) async rethrows -> [NavigationStep] {
        rehearsed = []
        defer { rehearsed = nil }
        try await body()
        return rehearsed ?? []
    }

    /// A screen the steps put up, still to render.
    enum Shown {
        case pushed(any Screen, on: Navigator)
        case presented(Navigator)
    }

    private struct MakerReference {
        weak var maker: (any ScreenMaking)?
    }
}
