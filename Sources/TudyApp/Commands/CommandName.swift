/// Every command tudy has, by name, each once: a typed name becomes one of these in
/// `CommandTable.name(_:)` and nowhere else, so the rest of the app compares values, not text.
enum CommandName: String, CaseIterable, Sendable {
    // Everywhere.
    case help, home, chat, back, `where`, tree, next, mentions, ignore, unignore, invites, accept, decline
    case signup, login, logout, whoami, whois, quit
    // Home: the board, a search's results, a post.
    case list, more, search, work, new, open, dm, join, edit, close, reopen, delete
    // Chat: the rooms, a room, the messages found, a new 1:1 room.
    case rooms, wait, find, me, reply, react, seen, invite, kick, members, rename, topic, notice, timer, session, sessions, rsvp, checkin, checkout, attendance, mute, unmute, leave, unsend

    /// The name as typed after the slash.
    var typed: String { rawValue }
}

/// Where a command works, as a person knows the place.
enum CommandPlace: CaseIterable, Sendable {
    case everywhere, board, postsFound, post, rooms, room, messagesFound, draftRoom

    /// How `/help NAME` and "works in …" name the place.
    var label: String {
        switch self {
        case .everywhere: "everywhere"
        case .board: "the Home tab"
        case .postsFound: "a search result"
        case .post: "a post"
        case .rooms: "the Chat tab"
        case .room: "a chat room"
        case .messagesFound: "messages found"
        case .draftRoom: "a new 1:1 room"
        }
    }
}
