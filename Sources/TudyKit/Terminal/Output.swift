/// Something tudy shows, as a value: screens and coordinators hand these to the console,
/// whose renderer makes text lines of them (today's look) or one JSON object each (`--json`).
package enum Output: Sendable {
    /// A line of tudy's own: what happened, a header, a hint.
    case notice(String)
    /// A message of the open room, shown after its number, with how many of the room's
    /// members have not read it yet (nothing is said when none, or when not known).
    case message(Message, unreadBy: Int = 0)
    /// A message of another room (a notice of one arriving, a message found), the room named;
    /// `preview` cuts a long one short.
    case messageElsewhere(Message, room: Room, viewer: User, preview: Bool)
    /// A list of posts, newest first.
    case posts([Project])
    /// One post, whole.
    case post(Project)
    /// The viewer's rooms.
    case rooms([RoomSummary], viewer: User, muted: Set<Int> = [])
    /// Someone, as `/whois` tells of them: the day they joined, and the rooms the viewer
    /// shares with them.
    case profile(UserProfile, sharedRooms: [Room], viewer: User)
    /// Where a line took the user (the prompt says it at a terminal, so text shows nothing).
    case screen(path: String)
    /// On standard error: what failed, with a stable code for programs.
    case error(code: String, message: String)
    /// On standard error: a remark that is not a failure.
    case note(String)
}
