/// Who is using tudy now: a user, or a guest.
@MainActor
public final class Session {
    /// The logged-in user, or nil for a guest.
    public internal(set) var user: User?

    public init(user: User? = nil) {
        self.user = user
    }
}
