/// A store that reads several rooms' new messages in one read: a look at the list of rooms that
/// finds news in many rooms costs one trip to the store, not one a room.
package protocol BatchReading: ChatStore {
    /// The messages of each room after its id (`after[roomID]`), oldest first and at most
    /// `limit` a room, as `messages(in:for:after:limit:)` gives them, read at one moment.
    /// - Throws: what `messages(in:for:after:limit:)` throws for any of the rooms.
    func messages(after: [Int: Int], for session: Session, limit: Int) async throws -> [Int: [Message]]
}
