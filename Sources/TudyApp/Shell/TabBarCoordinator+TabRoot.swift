import TudyCore

// The tab's root, whose commands work from anywhere in the tab, and screens whose post or room is gone.
extension TabBarCoordinator {
    /// The root of the tab in view when another of its screens is on top and no modal is shown:
    /// its commands work from anywhere in the tab, as UIKit's tab root stays one tap away.
    var tabRoot: (any Screen)? {
        guard tabBarController.presented == nil else { return nil }
        let screens = tabBarController.visibleNavigator.screens
        guard screens.count > 1 else { return nil }
        return screens.first
    }

    /// Runs a command of the tab's root as if from there: the stack is reset to the root, so
    /// `/back` returns to it; if the command fails, the stack is as it was.
    func fromTabRoot(_ body: () async throws -> Void) async throws {
        try await tabBarController.tentatively(Self.steps(for: .tabRoot, in: tabBarController.state), body)
    }

    /// Runs a screen's command; when it finds the post or room on screen gone (deleted, or the
    /// user removed), it says so and takes the user to the tab's root.
    func leaveIfGone(_ screen: any Screen, _ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch StoreError.noSuchProject(let id) where screen.subject == .post(id) {
            try await perform(.tabRoot)
            throw CommandError.gone("post #\(id) is gone (its writer deleted it)", here: tabBarController.path)
        } catch StoreError.noSuchRoom(let id) where screen.subject == .room(id) {
            try await perform(.tabRoot)
            throw CommandError.gone("you are no longer in room #\(id)", here: tabBarController.path)
        }
    }
}
