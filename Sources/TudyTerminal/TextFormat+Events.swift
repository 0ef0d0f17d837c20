import TudyCore

/// The lines that tell of what happened (to a room, a post, a login), as text shows them.
extension TextFormat {
    /// `Swift study · alice, bob · topic: chapter 3 · /more for older`
    static func roomHeader(_ room: Room, viewer: User, hasOlder: Bool) -> String {
        room.header(for: viewer) + (hasOlder ? " · /more for older" : "")
    }

    /// `── 3 new ──`
    static func unreadMarker(count: Int) -> String {
        "── \(count) new ──"
    }

    /// One line for a change to a room, the members listed after a change of who is in it.
    static func roomChange(_ change: RoomChange, room: Room, viewer: User) -> String {
        let title = room.title(for: viewer)
        return switch change {
        case .joined(let user): "\(user.name) joined · \(room.memberList)"
        case .left(let user): "\(user.name) left · \(room.memberList)"
        case .invited(let user): "\(user.name) joined \(title) · \(room.memberList)"
        case .removed(let user): "you took \(user.name) out of \(title) · \(room.memberList)"
        case .named(let name): "── the room is named \(name) now ──"
        case .topic(let topic): "── \(topic.map { "topic: " + $0 } ?? "no topic now") ──"
        case .asked(let user): "asked \(user.name) into \(title): they come in once they /accept"
        case .madeGroup: "made group #\(room.id) with \(room.members.map(\.name).joined(separator: ", "))"
        case .broughtIn: "you are in #\(room.id) \(title) now · \(room.memberList)"
        case .userLeft: "you left \(title)"
        case .userIsOut: "you are no longer in \(title): back at the rooms list"
        case .muted(true): "muted \(title): no notices or bell from it; /unmute undoes it"
        case .muted(false): "\(title) is heard again"
        case .pinned(let notice): "── \(notice.writer.name) pinned a notice: \(notice.text) ──"
        case .unpinned: "── the notice was taken down ──"
        case .noticeRead(let user): "── \(user.name) read the notice · \(notYet(room.notice.map { $0.notYet(in: room) } ?? [])) ──"
        }
    }

    /// `#2 alice asks you into Go study (room #4) · /accept 2 or /decline 2`
    static func invitation(_ invitation: Invitation) -> String {
        let id = invitation.id
        return "#\(id) \(invitation.inviter.name) asks you into \(invitation.roomTitle) (room #\(invitation.roomID))"
            + " · /accept \(id) or /decline \(id)"
    }

    /// `notice · alice: bring chapter 3`, and under it for `/notice`
    /// `read by alice, bob · not yet: carol`.
    static func pinnedNotice(_ notice: RoomNotice, room: Room, readers: Bool) -> [String] {
        let text = "notice · \(notice.writer.name): \(notice.text)"
        guard readers else { return [text] }
        let readers = notice.readBy.map(\.name).joined(separator: ", ")
        let unread = notice.notYet(in: room)
        guard !unread.isEmpty else { return [text, "read by all: " + readers] }
        return [text, (readers.isEmpty ? "read by nobody here" : "read by " + readers) + " · " + notYet(unread)]
    }

    /// `not yet: carol`, or `read by all`.
    private static func notYet(_ users: [User]) -> String {
        users.isEmpty ? "read by all" : "not yet: " + users.map(\.name).joined(separator: ", ")
    }

    /// `#7 read by bob · not yet: carol`
    static func readers(messageID: Int, readBy: [User], notYet: [User]) -> String {
        let read = readBy.isEmpty ? "read by nobody yet" : "read by " + readBy.map(\.name).joined(separator: ", ")
        let unread = notYet.isEmpty ? "everyone has" : "not yet: " + notYet.map(\.name).joined(separator: ", ")
        return "#\(messageID) \(read) · \(unread)"
    }

    /// `── bob read #7 · 1 unread ──`
    static func readReceipt(reader: User, messageID: Int, unread: Int) -> String {
        "── \(reader.name) read #\(messageID) · \(unread == 0 ? "read by all" : "\(unread) unread") ──"
    }

    /// `posted #4`, `post #4 is closed now`
    static func postChange(_ change: PostChange, postID: Int) -> String {
        switch change {
        case .posted: "posted #\(postID)"
        case .saved: "saved #\(postID)"
        case .deleted: "deleted post #\(postID)"
        case .opened(let isOpen): "post #\(postID) is \(isOpen ? "open" : "closed") now"
        }
    }

    /// `signed up and logged in as alice`
    static func account(_ change: AccountChange, user: User) -> String {
        switch change {
        case .signedUp: "signed up and logged in as \(user.name)"
        case .loggedIn: "logged in as \(user.name)"
        case .loggedOut: "logged out \(user.name)"
        }
    }
}
