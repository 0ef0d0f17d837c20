/// A store that moves a user's read marks in several rooms in one commit: a look at the list of
/// rooms that shows news of several costs one write to the disk, not one a room.
package protocol BatchMarking: ChatStore {
    /// Marks each room read up to its message (`marks[roomID]`), as `markRead(roomID:upTo:for:)`
    /// would, in one commit.
    /// - Throws: what `markRead` throws for any of them; then none is moved.
    func markRead(_ marks: [Int: Int], for session: Session) async throws
}
