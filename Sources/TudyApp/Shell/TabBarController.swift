import TudyCore

/// A tab of the tab bar.
enum Tab: String, CaseIterable, Sendable {
    case home
    case chat
}

/// The tab bar, like a `UITabBarController`: one navigator per tab, the selected
/// tab, and at most one modal navigator shown over them.
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

    init() {
        navigators = Dictionary(uniqueKeysWithValues: Tab.allCases.map { ($0, Navigator()) })
        navigators.values.forEach { $0.modalHost = self }
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

    func select(_ tab: Tab) {
        if tab != selectedTab, let trace, let owner { trace.navigation("select \(tab.rawValue)", by: owner) }
        selectedTab = tab
    }

    func present(_ modal: Navigator) {
        modal.modalHost = self
        presented = modal
        if let trace, let owner, let modalOwner = modal.owner { trace.present(modalOwner, by: owner) }
    }

    func dismiss() {
        if let trace, let owner, let modalOwner = presented?.owner {
            trace.navigation("dismiss \(trace.id(modalOwner))", by: owner)
        }
        presented = nil
    }

    /// Where the user is, e.g. `chat > rooms > @bob`; a modal is named last.
    var path: String {
        pathParts.joined(separator: " > ")
    }

    /// The tab, then the title of each screen down to the visible one.
    var pathParts: [String] {
        [selectedTab.rawValue] + navigator(for: selectedTab).screens.map(\.title) + (presented?.screens.map(\.title) ?? [])
    }
}
