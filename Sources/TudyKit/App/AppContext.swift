/// What coordinators and screens share: the store, the session, the console and the text format.
@MainActor
public final class AppContext {
    public let store: any ChatStore
    public let session: Session
    public let console: Console
    public let format: TextFormat

    public init(store: any ChatStore, session: Session = Session(), console: Console, format: TextFormat) {
        self.store = store
        self.session = session
        self.console = console
        self.format = format
    }

    /// The logged-in user. - Throws: `CommandError.notLoggedIn` for a guest.
    func requireUser() throws -> User {
        guard let user = session.user else { throw CommandError.notLoggedIn }
        return user
    }
}
