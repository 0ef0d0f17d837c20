/// A store that keeps several messages of one sender, to one room, in one commit: a script's
/// run of lines costs one write to the disk, not one each. What it returns is stored, all of
/// it, or nothing is.
package protocol BatchSending: ChatStore {
    /// Keeps the messages, each as `send` would, in one commit, and returns them in the order
    /// given.
    /// - Throws: what `send` throws for any of them; then none is stored.
    nonisolated(nonsending) func send(_ messages: [OutgoingMessage], to roomID: Int, from session: Session) async throws -> [Message]
}
