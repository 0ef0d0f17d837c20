import TudyCore
import TudyTerminal

/// The modal login flow: log in, or sign up, in one screen (seed 001).
@MainActor
final class LoginScreen: SendsEvents {
    /// What the login flow reports.
    enum Event: Equatable {
        case didAuthenticate(session: Session)
        case didFail
    }

    /// The step the flow is at.
    enum Step: Equatable {
        /// Waiting for `/login <name>` or `/signup <name>`.
        case choosing
        case password(name: String)
        case newPassword(name: String)
        case confirmation(name: String, password: String)
    }

    var didSendEventClosure: (@MainActor (Event) async throws -> Void)?
    private(set) var step = Step.choosing
    private let context: AppContext

    init(context: AppContext) {
        self.context = context
    }

    let title = "login"
    let commands: [CommandSpec] = []

    var prompt: InputPrompt {
        switch step {
        case .choosing: .command
        case .password(let name): .secret("password for \(name): ")
        case .newPassword(let name): .secret("new password for \(name): ")
        case .confirmation: .secret("the same password again: ")
        }
    }

    func appear() async throws {
        if step == .choosing {
            context.console.line("log in to go on: /login <name> or /signup <name>; /back cancels")
        }
    }

    /// Starts logging in as `name`; the next line is the password.
    func beginLogin(name: String) {
        step = .password(name: name)
    }

    /// Starts making an account; the next two lines are the password and its confirmation.
    func beginSignup(name: String) {
        step = .newPassword(name: name)
    }

    func handle(_ input: ScreenInput) async throws {
        guard case .text(let secret) = input else { throw unsupported(input) }
        switch step {
        case .choosing:
            throw unsupported(input)
        case .password(let name):
            step = .choosing
            try await authenticate(as: .loggedIn) {
                try await self.context.store.logIn(name: name, password: secret)
            }
        case .newPassword(let name):
            step = .confirmation(name: name, password: secret)
        case .confirmation(let name, let password):
            step = .choosing
            // Both password lines are read before anything is refused, so a script stays in step.
            guard secret == password else {
                try await didSendEventClosure?(.didFail)
                throw CommandError.passwordsDiffer
            }
            try await authenticate(as: .signedUp) {
                try await self.context.store.signUp(name: name, password: password)
            }
        }
    }

    private func authenticate(as change: AccountChange, _ attempt: () async throws -> Session) async throws {
        let session: Session
        do {
            session = try await attempt()
        } catch {
            try await didSendEventClosure?(.didFail)
            throw error
        }
        context.console.show(.account(change, user: session.user))
        try await didSendEventClosure?(.didAuthenticate(session: session))
    }
}
