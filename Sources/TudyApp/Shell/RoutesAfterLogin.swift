import TudyCore

/// A route that may wait for a login: its `.login(then:)` case keeps the route asked for.
protocol WaitsForLogin: Equatable, Sendable {
    /// The login flow first; `route` waits for it, kept as it is.
    static func login(then route: Self) -> Self
}

/// A tab's coordinator whose routes a guest may not take (seed 001's `LoginCheckDelegate`):
/// a guest's route is kept as its value and taken once someone has logged in, or dropped
/// when the login is cancelled.
@MainActor
protocol RoutesAfterLogin: Coordinator {
    associatedtype Route: WaitsForLogin
    var loginDelegate: (any LoginCheckDelegate)? { get }
    var context: AppContext { get }
    /// The route that waits for a login, kept until the login ends.
    var pendingRoute: Route? { get set }
    func perform(_ route: Route) async throws
}

extension RoutesAfterLogin {
    /// The route for a user; for a guest, the login first, the route waiting for it.
    func requiringLogin(_ route: Route) -> Route {
        context.login.user == nil ? .login(then: route) : route
    }

    /// Asks the tab bar for the login flow.
    func showLogin() {
        trace?.call(.prepareLoginCoordinator, from: self, to: loginDelegate)
        loginDelegate?.prepareLoginCoordinator()
    }

    /// Goes on with what was asked before the login.
    func resumeAfterLogin() async throws {
        guard let route = pendingRoute else { return }
        pendingRoute = nil
        try await perform(requiringLogin(route))
    }

    /// The login was cancelled: what waited for it is dropped.
    func dropPendingRoute() {
        pendingRoute = nil
    }
}
