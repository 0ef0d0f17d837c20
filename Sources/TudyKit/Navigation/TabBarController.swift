/// A tab of the tab bar.
public enum Tab: String, CaseIterable, Sendable {
    case home
    case chat
}

/// The tab bar, like a `UITabBarController`: one navigator per tab, the selected
/// tab, and at most one modal navigator shown over them.
@MainActor
public final class TabBarController {
    /// Each tab's own stack; switching tabs keeps both.
    public let navigators: [Tab: Navigator]
    public private(set) var selectedTab: Tab = .home
    /// The modal over the tabs, if one is shown.
    public private(set) var presented: Navigator?

    public init() {
        navigators = Dictionary(uniqueKeysWithValues: Tab.allCases.map { ($0, Navigator()) })
        navigators.values.forEach { $0.modalHost = self }
    }

    /// The navigator of a tab.
    public func navigator(for tab: Tab) -> Navigator {
        navigators[tab]!
    }

    /// The navigator whose top screen takes input: the modal, or the selected tab's.
    public var visibleNavigator: Navigator {
        presented ?? navigator(for: selectedTab)
    }

    /// The screen that takes input now.
    public var visibleScreen: (any Screen)? { visibleNavigator.topScreen }

    public func select(_ tab: Tab) {
        selectedTab = tab
    }

    func present(_ modal: Navigator) {
        modal.modalHost = self
        presented = modal
    }

    func dismiss() {
        presented = nil
    }

    /// Where the user is, e.g. `chat > rooms > @bob`; a modal is named last.
    public var path: String {
        pathParts.joined(separator: " > ")
    }

    /// The tab, then the title of each screen down to the visible one.
    public var pathParts: [String] {
        [selectedTab.rawValue] + navigator(for: selectedTab).screens.map(\.title) + (presented?.screens.map(\.title) ?? [])
    }
}
