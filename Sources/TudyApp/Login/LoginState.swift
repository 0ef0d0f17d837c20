import TudyCore

/// Who is using tudy now: a user's session from the store, or a guest.
@MainActor
package final class LoginState {
    /// The store's session of the logged-in user, or nil for a guest.
    package internal(set) var session: Session?

    package init(session: Session? = nil) {
        self.session = session
    }

    /// The logged-in user, or nil for a guest.
    package var user: User? { session?.user }
}
