/// Runs the modal login flow: log in or sign up, made on demand (seed 001).
@MainActor
public final class LoginCoordinator: Coordinator {
    /// How the flow ended.
    public enum Outcome: Equatable {
        case loggedIn(Session)
        case cancelled
    }

    public weak var finishDelegate: (any CoordinatorFinishDelegate)?
    public var navigationController: Navigator
    public var childCoordinators: [any Coordinator] = []
    public let type = CoordinatorType.login
    /// Set just before the coordinator finishes.
    public private(set) var outcome: Outcome?
    /// Whether a failed attempt leaves the flow open for another try, as when an action waits for it.
    public let staysOpenAfterFailure: Bool
    let loginScreen: LoginScreen

    public init(context: AppContext, staysOpenAfterFailure: Bool) {
        loginScreen = LoginScreen(context: context)
        navigationController = Navigator(root: loginScreen)
        self.staysOpenAfterFailure = staysOpenAfterFailure
    }

    public func start() async throws {
        loginScreen.didSendEventClosure = { [weak self] event in
            guard let self else { return }
            switch event {
            case .didAuthenticate(let session): end(.loggedIn(session))
            case .didFail where !staysOpenAfterFailure: end(.cancelled)
            case .didFail: break
            }
        }
    }

    /// `/login <name>`: the next line is the password.
    public func logIn(name: String) {
        loginScreen.beginLogin(name: name)
    }

    /// `/signup <name>`: the next two lines are the password and its confirmation.
    public func signUp(name: String) {
        loginScreen.beginSignup(name: name)
    }

    /// `/back`: nobody logs in.
    public func cancel() {
        end(.cancelled)
    }

    private func end(_ outcome: Outcome) {
        self.outcome = outcome
        finish()
    }
}
