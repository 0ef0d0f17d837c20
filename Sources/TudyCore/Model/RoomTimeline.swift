/// What one room's screen has shown, and how far that lets it be read: the one place every
/// message on its way to the screen passes through, whether it came live, from a read by key,
/// as the user's own echo, or from `/more`.
///
/// Message ids grow in commit order within a room, so a run of messages that follows the
/// cursor with nothing missing (a read by key after it, or the live stream once the room has
/// been read to its end) moves the cursor. Anything else is printed, at most, without moving
/// it: the room is never marked read past a message that was not shown.
package struct RoomTimeline: Sendable {
    /// Every message of the room up to this id has been shown, or was read before the room
    /// was opened: the most the room may be marked read up to.
    package private(set) var cursor: Int
    /// Each message as last printed, by id: so that nothing is printed twice, and an edit only
    /// if it differs from what was printed.
    private(set) var shown: [Int: Message] = [:]
    /// The ids of `shown`, in order: what a read up to an id covers is found without reading
    /// every message shown in a long session.
    private var shownIDs: [Int] = []
    /// The id the store was last told the room is read up to.
    private var markedRead = 0
    /// Whether someone else's message was shown past `markedRead`.
    private var hasUnmarkedNews = false

    package init(cursor: Int = 0) {
        self.cursor = cursor
    }

    /// Takes a run of messages that follows the cursor with no gap (oldest first), as a read
    /// by key after the cursor returns it, or as the live stream brings it to a room read to
    /// its end; returns those to print, oldest first: none at or before the cursor, none
    /// printed already.
    package mutating func takeFollowing(_ messages: [Message], viewer: User) -> [Message] {
        var fresh: [Message] = []
        for message in messages where message.id > cursor {
            cursor = message.id
            if message.isUnread(by: viewer) { hasUnmarkedNews = true }
            if shown[message.id] == nil { fresh.append(message) }
            remember(message)
        }
        return fresh
    }

    /// Notes a message shown apart from the run after the cursor (an older one, for `/more`;
    /// the user's own while newer ones are still unshown): it does not move the cursor.
    package mutating func noteShown(_ message: Message) {
        remember(message)
    }

    /// The newest message `sender` wrote among those shown with ids after `after` and up to
    /// `upTo`, unless unsent: what a member who read that far has read last of theirs.
    /// Reads back from `upTo`: over a session, each reader's marks cover each message once.
    package func newestShown(from sender: User, after: Int, upTo: Int) -> Message? {
        // The first id past `upTo`, by halves.
        var (index, end) = (0, shownIDs.count)
        while index < end {
            let middle = (index + end) / 2
            if shownIDs[middle] > upTo { end = middle } else { index = middle + 1 }
        }
        while index > 0, shownIDs[index - 1] > after {
            index -= 1
            if let message = shown[shownIDs[index]], message.status != .deleted, message.sender.isNamed(sender.name) { return message }
        }
        return nil
    }

    /// Keeps a message as printed, its id in order among the others.
    private mutating func remember(_ message: Message) {
        if shown.updateValue(message, forKey: message.id) == nil {
            var index = shownIDs.count
            while index > 0, shownIDs[index - 1] > message.id { index -= 1 }
            shownIDs.insert(message.id, at: index)
        }
    }

    /// Whether the message with this id has been printed.
    package func hasShown(_ id: Int) -> Bool {
        shown[id] != nil
    }

    /// A message as it is now, after an edit or an unsend: whether to print it again (only one
    /// shown already, and only if it differs from what was printed).
    package mutating func takeChange(_ message: Message) -> Bool {
        guard let before = shown[message.id], before != message else { return false }
        remember(message)
        return true
    }

    /// The id to mark the room read up to, if someone else's message was shown since the last
    /// mark: one mark covers every message shown since.
    package var readMarkDue: Int? {
        hasUnmarkedNews && cursor > markedRead ? cursor : nil
    }

    /// The store was told the room is read up to `id`.
    package mutating func noteMarked(upTo id: Int) {
        markedRead = max(markedRead, id)
        if markedRead >= cursor { hasUnmarkedNews = false }
    }
}
