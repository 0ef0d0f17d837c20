import TudyCore

/// Where a login is kept between runs of tudy, so that the next run on the same store starts
/// logged in, with no password typed (and no password in a script).
///
/// What is kept is the store's session token, never a password: the store can end it
/// (`/logout`, or its 30 days), after which it is worth nothing. The library reads and writes
/// no file itself: the executable hands in one keeper for the store in use.
@MainActor
package protocol LoginKeeper: AnyObject {
    /// The token kept by an earlier run, if any.
    func recall() -> SessionToken?
    /// Keeps `token` for the next run, in place of any kept before.
    /// - Throws: a `UserFacingError` when it can not be kept; the login stands for this run.
    func keep(_ token: SessionToken) throws
    /// Drops the kept token, if there is one.
    func forget()
    /// Where the login is kept for, as said to the user: `this store`, or `this server`.
    var place: String { get }
}

extension LoginKeeper {
    package var place: String { "this store" }
}
