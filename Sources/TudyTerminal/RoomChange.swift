import TudyCore

/// Something that happened to a room the user is in, told with the room as it is after it:
/// `Output.roomChange` carries one, and the console says it as a line or a JSON object.
package enum RoomChange: Sendable, Equatable {
    /// Someone came in, seen live.
    case joined(User)
    /// Someone left, or was taken out, seen live.
    case left(User)
    /// The user brought someone in.
    case invited(User)
    /// The user took someone out of their post's study room.
    case removed(User)
    /// The room was given this name.
    case named(String)
    /// The room's topic was set, or cleared (nil).
    case topic(String?)
    /// The user asked someone into the room, who shares no group room with them: they come
    /// in once they accept.
    case asked(User)
    /// The user made a group room by bringing a third person into a 1:1 room.
    case madeGroup
    /// Someone brought the user into the room.
    case broughtIn
    /// The user left the room.
    case userLeft
    /// The room the user had open is no longer theirs (they were taken out, or left it in
    /// another session): they are back at the rooms list.
    case userIsOut
    /// The user muted the room (true) or hears it again (false).
    case muted(Bool)
    /// A notice was pinned to the room, replacing any before it.
    case pinned(RoomNotice)
    /// The room's notice was taken down.
    case unpinned
    /// Someone read the notice the user pinned.
    case noticeRead(User)

    /// Its name in JSON's `change` field.
    var name: String {
        switch self {
        case .joined: "joined"
        case .left: "left"
        case .invited: "invited"
        case .removed: "removed"
        case .named: "named"
        case .topic: "topic"
        case .asked: "asked"
        case .madeGroup: "made_group"
        case .broughtIn: "brought_in"
        case .userLeft: "user_left"
        case .userIsOut: "user_is_out"
        case .muted(let muted): muted ? "muted" : "unmuted"
        case .pinned: "pinned"
        case .unpinned: "unpinned"
        case .noticeRead: "notice_read"
        }
    }

    /// Who the change is about, when it is someone other than the user.
    var person: User? {
        switch self {
        case .joined(let user), .left(let user), .invited(let user), .asked(let user), .removed(let user), .noticeRead(let user): user
        case .pinned(let notice): notice.writer
        default: nil
        }
    }
}
