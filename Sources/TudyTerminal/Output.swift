import TudyCore

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
    /// The open room's first line: its title, members and topic, and whether older messages
    /// are there for `/more`.
    case roomHeader(Room, viewer: User, hasOlder: Bool)
    /// A 1:1 room not made yet, opened to write its first message: with whom, and its members
    /// as the room will list them.
    case draftRoomHeader(with: User, members: [User])
    /// The line above the first unread message of a room opened: how many are new.
    case unreadMarker(count: Int)
    /// Who is in a room; `online` names those connected now, nil where the store can not say.
    case members(Room, online: Set<String>?)
    /// Something that happened to a room the user is in, with the room as it is after it.
    case roomChange(RoomChange, room: Room, viewer: User)
    /// A room's pinned notice: on opening the room (`readers` false), or as `/notice` shows it,
    /// with who of the members has read it and who has not yet.
    case pinnedNotice(RoomNotice, room: Room, readers: Bool)
    /// A room's timer in a phase: as it moved there (`minutesLeft` nil), or as `/timer` asks,
    /// with the minutes left of it.
    case timerPhase(StudyTimer.Phase, timer: StudyTimer, room: Room, viewer: User, minutesLeft: Int?)
    /// A room's timer was stopped: by the user (`byUser`), or by someone else, seen live.
    case timerStopped(room: Room, viewer: User, byUser: Bool)
    /// `/sessions`: a room's sessions to come, the soonest first, with who is coming.
    case sessions([SessionSummary], room: Room)
    /// `/rsvp`: who answered what for a session's next meeting.
    case sessionAnswers(SessionSummary, room: Room)
    /// A session of a room meets in `minutes`: the user has not said no.
    case reminder(SessionSummary, room: Room, viewer: User, minutes: Int)
    /// The user checked in to a meeting (`/checkin`), or out of it (`/checkout`).
    case checkedIn(AttendanceRecord)
    case checkedOut(AttendanceRecord)
    /// `/attendance`: each member's present, late and absent counts and minutes.
    case attendanceRoll(AttendanceRoll, room: Room)
    /// A session added, cancelled or answered.
    case sessionChange(SessionChange, SessionSummary, room: Room)
    /// `/seen`: who of the room's other members has read message `messageID`, and who not yet.
    case readers(messageID: Int, readBy: [User], notYet: [User])
    /// Someone read the room up to the user's own message `messageID`, which `unread` members
    /// have still to read.
    case readReceipt(reader: User, messageID: Int, unread: Int)
    /// What the user did to their post `postID`.
    case postChange(PostChange, postID: Int)
    /// Who is logged in changed: `user` signed up, logged in or logged out.
    case account(AccountChange, user: User)
    /// `/invites`: the invitations waiting for the user's answer, oldest first.
    case invitations([Invitation])
    /// `/whoami`: who is logged in, nil for a guest.
    case identity(User?)
    /// Where the user is: after a line moved them (the prompt says it at a terminal, so text
    /// shows nothing), or `asked` with `/where`.
    case screen(path: String, asked: Bool = false)
    /// `/back` popped a screen: where it left the user. `--json` says it by the `screen` that
    /// follows, as for any move.
    case wentBack(path: String)
    /// `/back` left a flow in a modal, which did nothing.
    case cancelled(CancelledFlow)
    /// `/help`: the commands that work here, or one command's usages.
    case help(HelpListing)
    /// On standard error: what failed, with a stable code for programs.
    case error(code: String, message: String)
    /// On standard error: a remark that is not a failure.
    case note(String)
}

/// A flow in a modal that `/back` can leave.
package enum CancelledFlow: String, Sendable {
    /// A login or sign-up: nobody logged in.
    case login
    /// A post being written or edited: the draft was dropped.
    case postDraft = "post_draft"
}
