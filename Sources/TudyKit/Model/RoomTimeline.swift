/// What one room's screen has shown, and how far that lets it be read: the one place every
/// message on its way to the screen passes through, whether it came live, from a read by key,
/// as the user's own echo, or from `/more`.
///
/// Message ids grow in commit order within a room, so a run of messages that follows the
/// cursor with nothing missing (a read by key after it, or the live stream once the room has
/// been read to its end) moves the cursor. Anything else is printed, at most, without moving
/// it: the room is never marked read past a message that was not shown.
struct RoomTimeline: Sendable {
    /// Every message of the room up to this id has been shown, or was read before the room
    /// was opened: the most the room may be marked read up to.
    private(set) var cursor: Int
    /// Each message as last printed, by id: so that nothing is printed twice, and an edit only
    /// if it differs from what was printed.
    private(set) var shown: [Int: Message] = [:]
    /// The id the store was last told the room is read up to.
    private var markedRead = 0
    /// Whether someone else's message was shown past `markedRead`.
    private var hasUnmarkedNews = false

    init(cursor: Int = 0) {
        self.cursor = cursor
    }

    /// Takes a run of messages that follows the cursor with no gap (oldest first), as a read
    /// by key after the cursor returns it, or as the live stream brings it to a room read to
    /// its end; returns those to print, oldest first: none at or before the cursor, none
    /// printed already.
    mutating func takeFollowing(_ messages: [Message], viewer: User) -> [Message] {
        var fresh: [Message] = []
        for message in messages where message.id > cursor {
            cursor = message.id
            if message.isUnread(by: viewer) { hasUnmarkedNews = true }
            if shown[message.id] == nil { fresh.append(message) }
            shown[message.id] = message
        }
        return fresh
    }

    /// Notes a message shown apart from the run after the cursor (an older one, for `/more`;
    /// the user's own while newer ones are still unshown): it does not move the cursor.
    mutating func noteShown(_ message: Message) {
        shown[message.id] = message
    }

    /// The newest message `sender` wrote among those shown with ids after `after` and up to
    /// `upTo`, unless unsent: what a member who read that far has read last of theirs.
    func newestShown(from sender: User, after: Int, upTo: Int) -> Message? {
        shown.values.filter { $0.id > after && $0.id <= upTo && $0.status != .deleted && $0.sender.isNamed(sender.name) }
            .max { $0.id < $1.id }
    }

    /// Whether the message with this id has been printed.
    func hasShown(_ id: Int) -> Bool {
        shown[id] != nil
    }

    /// A message as it is now, after an edit or an unsend: whether to print it again (only one
    /// shown already, and only if it differs from what was printed).
    mutating func takeChange(_ message: Message) -> Bool {
        guard let before = shown[message.id], before != message else { return false }
        shown[message.id] = message
        return true
    }

    /// The id to mark the room read up to, if someone else's message was shown since the last
    /// mark: one mark covers every message shown since.
    var readMarkDue: Int? {
        hasUnmarkedNews && cursor > markedRead ? cursor : nil
    }

    /// The store was told the room is read up to `id`.
    mutating func noteMarked(upTo id: Int) {
        markedRead = max(markedRead, id)
        if markedRead >= cursor { hasUnmarkedNews = false }
    }
}
