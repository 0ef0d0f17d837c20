/// A store that knows who is connected to it now: a server's, which sees its clients' live
/// connections. It is the server's knowledge of the moment, never stored; a local store has
/// none to give.
package protocol PresenceSource: Sendable {
    /// The names of a room's members who are connected now, or nil when the server can not
    /// say (one older than presence).
    /// - Throws: `StoreError.noSuchRoom` (a room the user is not in).
    func connectedMembers(of roomID: Int, for session: Session) async throws -> Set<String>?
}
