import TudyCore

/// Runs the modal login flow: log in or sign up, made on demand (seed 001).
@MainActor
final class LoginCoordinator: Coordinator {
    /// How the flow ended.
    enum Outcome: Equatable {
        case loggedIn(Session)
        case cancelled
    }

    weak var finishDelegate: (any CoordinatorFinishDelegate)?
    var navigationController: Navigator
    var childCoordinators: [any Coordinator] = []
    let type = CoordinatorType.login
    /// Set just before the coordinator finishes.
    private(set) var outcome: Outcome?
    /// Whether a failed attempt leaves the flow open for another try, as when an action waits for it.
    let staysOpenAfterFailure: Bool
    let loginScreen: LoginScreen
    let trace: FlowTrace?

    init(context: AppContext, staysOpenAfterFailure: Bool) {
        loginScreen = LoginScreen(context: context)
        navigationController = Navigator(root: loginScreen)
        self.staysOpenAfterFailure = staysOpenAfterFailure
        trace = context.trace
        own(navigationController)
    }

    func start() async throws {
        loginScreen.sendEvents(to: self) { login, event in
            switch event {
            case .didAuthenticate(let session): login.end(.loggedIn(session))
            case .didFail where !login.staysOpenAfterFailure: login.end(.cancelled)
            case .didFail: break
            }
        }
    }

    /// `/login <name>`: the next line is the password.
    func logIn(name: String) {
        loginScreen.beginLogin(name: name)
    }

    /// `/signup <name>`: the next two lines are the password and its confirmation.
    func signUp(name: String) {
        loginScreen.beginSignup(name: name)
    }

    /// `/back`: nobody logs in.
    func cancel() {
        end(.cancelled)
    }

    private func end(_ outcome: Outcome) {
        self.outcome = outcome
        finish()
    }
}
