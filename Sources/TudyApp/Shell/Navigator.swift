import TudyCore

/// A stack of screens, like a `UINavigationController`: push and pop, and present one modal.
@MainActor
final class Navigator {
    /// The screens, root first.
    private(set) var screens: [any Screen] = []
    /// The tab bar that shows this navigator's modals.
    weak var modalHost: TabBarController?
    /// The coordinator that pushes onto it, as the trace names the changes.
    weak var owner: (any Coordinator)?
    /// Where its changes are drawn (`--trace`), if anywhere.
    var trace: FlowTrace?

    private func traced(_ change: String) {
        if let trace, let owner { trace.navigation(change, by: owner) }
    }

    init(root: (any Screen)? = nil) {
        if let root { screens = [root] }
    }

    /// The screen on top, the one that takes input.
    var topScreen: (any Screen)? { screens.last }

    /// Replaces the whole stack with one root screen, without rendering it.
    func setRoot(_ screen: any Screen) {
        screens = [screen]
    }

    /// Pushes a screen and renders it; if it can not render, it is not pushed.
    func push(_ screen: any Screen) async throws {
        screens.append(screen)
        traced("push \(screen.title)")
        do {
            try await screen.appear()
        } catch {
            screens.removeAll { $0 === screen }
            traced("pop \(screen.title): it could not be shown")
            throw error
        }
    }

    /// Pops the top screen; the root stays. Returns the popped screen.
    @discardableResult
    func pop() -> (any Screen)? {
        guard screens.count > 1 else { return nil }
        let popped = screens.removeLast()
        traced("pop \(popped.title)")
        return popped
    }

    /// Puts back a stack taken from `screens` earlier, without rendering it.
    func restore(_ saved: [any Screen]) {
        screens = saved
    }

    /// Pops every screen above the root.
    func popToRoot() {
        guard screens.count > 1 else { return }
        screens = Array(screens.prefix(1))
        traced("pop to root")
    }

    /// Shows another navigator modally over the tabs and renders its top screen.
    func present(_ modal: Navigator) async throws {
        guard let modalHost else { return }
        modalHost.present(modal)
        do {
            try await modal.topScreen?.appear()
        } catch {
            modalHost.dismiss()
            throw error
        }
    }

    /// Takes the modal off the tabs.
    func dismiss() {
        modalHost?.dismiss()
    }
}
