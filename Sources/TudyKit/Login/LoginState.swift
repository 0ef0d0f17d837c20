/// Who is using tudy now: a user's session from the store, or a guest.
@MainActor
public final class LoginState {
    /// The store's session of the logged-in user, or nil for a guest.
    public internal(set) var session: Session?

    public init(session: Session? = nil) {
        self.session = session
    }

    /// The logged-in user, or nil for a guest.
    public var user: User? { session?.user }
}
