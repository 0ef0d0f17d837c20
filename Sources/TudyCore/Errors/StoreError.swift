/// What the store refuses, with the line a user sees.
public enum StoreError: Error, Equatable, Sendable {
    case invalidName(String)
    case nameTaken(String)
    case weakPassword
    case wrongCredentials
    case tooManyAttempts(waitSeconds: Int)
    case unknownUser(String)
    case noSuchProject(Int)
    case notWriter(projectID: Int, writer: String)
    case invalidDraft(String)
    case noSuchRoom(Int)
    case emptyMessage
    case messageTooLong
    /// The text holds a control character other than tab and newline (`ControlCharacters`),
    /// named as `U+001B`.
    case controlCharacter(String)
    case noSuchMessage(Int)
    case notYourMessage(Int)
    case messageDeleted(Int)
    case nothingToChange
    case alreadyMember(String)
    /// The group room holds `Room.memberLimit` people already.
    case roomFull(Int)
    /// The person named is in `Room.roomsPerPersonLimit` rooms already.
    case tooManyRooms(String)
    case cannotChatWithSelf
    case invalidFixture(String)
    case sessionEnded
    /// More passwords wait to be checked than `PasswordWork.waitingLimit`: a flood of logins.
    case passwordChecksBusy
    /// `/join` of a post that recruits nobody now.
    case postClosed(Int)
    /// `/join` of a post whose study group has the people it wants.
    case postFull(projectID: Int, capacity: Int)
    /// `/join` by someone the post's writer took out of its study room.
    case removedFromStudy(Int)
    /// `/invite` into a post's study room, by a member who is not its writer, of someone the
    /// writer took out of it.
    case inviteeRemoved(name: String, projectID: Int)
    /// `/join` of their own post by its writer, before anyone has joined it.
    case studyNotStarted(Int)
    /// `/kick` in a room that is no post's study room.
    case notStudyRoom(Int)
    /// `/kick` by someone who did not write the post.
    case onlyWriterKicks(projectID: Int, writer: String)
    /// `/kick` of someone who is not in the room.
    case notInRoom(String)
    /// `/kick` of oneself.
    case cannotKickSelf
    /// `/rename` to a name a room can not have: the problem.
    case invalidRoomName(String)
    /// `/topic` that a room can not have: the problem.
    case invalidTopic(String)
    /// `/rename` of a 1:1 room.
    case cannotRenameDirect(Int)
    /// `/notice` that a room can not pin: the problem.
    case invalidNotice(String)
    /// `/notice` in a 1:1 room.
    case noticeInDirectRoom(Int)
    /// `/notice` in a post's study room by someone who did not write the post.
    case onlyWriterPins(projectID: Int, writer: String)
    /// `/timer` with a plan a timer can not run: the problem.
    case invalidTimer(String)
    /// `/session` at a time or for a length a session can not have: the problem.
    case invalidSession(String)
    /// `/session` in a 1:1 room.
    case sessionInDirectRoom(Int)
    /// `/session` in a post's study room by someone who did not write the post.
    case onlyWriterSchedules(projectID: Int, writer: String)
    /// `/session` in a room that holds `StudySession.perRoomLimit` sessions to come.
    case tooManySessions(Int)
    /// `/rsvp` or `/session cancel` of a session the room does not hold, or a meeting of it over.
    case noSuchSession(Int)
    /// `/rsvp yes` to a study room's session whose meeting has all the people its post wants.
    case sessionFull(sessionID: Int, capacity: Int)
    /// `/checkin` to a meeting outside its check-in (`Attendance.opensBefore` to its end).
    case checkInClosed(Int)
    /// `/checkout` without a check-in to that meeting.
    case notCheckedIn(Int)
    /// `/ignore` of oneself.
    case cannotIgnoreSelf
    /// `/ignore` past `Quiet.ignoreLimit` people.
    case tooManyIgnored
    /// A send under a key the sender used for a message in another room: a key names one
    /// message, in the room it was sent to.
    case sendKeyReused(roomID: Int)
    /// `/react` with what is no emoji.
    case notAnEmoji(String)
    /// `/react` with a new emoji on a message that carries `Reaction.kindsLimit` kinds.
    case tooManyReactions(Int)
    /// Text with a character that carries more than `TextBounds.marksPerCharacter` marks.
    case tooManyMarks
    /// `/find` or `/search` past `MessageSearch.maximumWords` or `.maximumCharacters`.
    case searchTooLong
    /// A new post by someone who wrote `Project.postsPerWindow` in the last hour.
    case tooManyPosts
    /// A new name whose letters mix scripts not used together (`NameLook.scriptsMixed`), named.
    case nameMixesScripts(name: String, scripts: String)
    /// A new name that looks like `other`'s, who has an account (`NameLook`).
    case nameLooksLike(name: String, other: String)
    /// `/accept` or `/decline` of an invitation the user does not have.
    case noSuchInvitation(Int)
    /// `/accept` of an invitation whose inviter has left the room since.
    case invitationLapsed(Int)
    /// `/invite` of someone who has `Invitation.waitingPerInvitee` invitations waiting.
    case tooManyInvitations(String)
    /// `/invite` by someone who has `Invitation.waitingPerInviter` invitations waiting.
    case tooManyInvitationsSent
    /// A sign-in from a network whose failed sign-ins used up what a network may make
    /// (`ServerLimits.failedSignInsPerNetwork`): refused before any password is checked.
    case tooManyFailedSignIns(waitSeconds: Int)

    /// One line saying what is wrong and what would work, in words that name no command: what
    /// to type at a terminal is the app's to say (its `RefusalWording`).
    public var message: String {
        switch self {
        case .invalidName(let name):
            "'\(name.prefix(40))' is not a valid name: use 2 to 32 letters of any script (64 bytes at most), digits, '.', '-' or '_'"
        case .nameTaken(let name):
            "the name '\(name)' is taken: choose another, or log in as \(name) if it is yours"
        case .weakPassword:
            "a password needs at least \(Accounts.minimumPasswordLength) characters"
        case .wrongCredentials:
            "wrong name or password"
        case .tooManyAttempts(let seconds):
            "too many failed logins for this name: try again in \(seconds) s"
        case .unknownUser(let name):
            "there is no user named '\(name)'"
        case .noSuchProject(let id):
            "there is no post #\(id)"
        case .notWriter(let id, let writer):
            "only \(writer), who wrote post #\(id), can change it"
        case .invalidDraft(let problem):
            problem
        case .noSuchRoom(let id):
            "you have no room #\(id)"
        case .emptyMessage:
            "an empty message is not sent: type some text"
        case .messageTooLong:
            "a message has at most \(Message.maximumLength) characters: split it"
        case .controlCharacter(let character):
            "a message can not hold control characters (\(character) here): take it out; tab and newline are kept"
        case .noSuchMessage(let id):
            "there is no message #\(id) in this room: the number is the one shown before a message"
        case .notYourMessage(let id):
            "message #\(id) is someone else's: you can edit or unsend only your own"
        case .messageDeleted(let id):
            "message #\(id) was unsent: there is nothing left to change"
        case .nothingToChange:
            "you have no message in this room to change: send one first"
        case .alreadyMember(let name):
            "\(name) is already in this room"
        case .roomFull(let id):
            "room #\(id) is full: a group room holds at most \(Room.memberLimit) people"
        case .tooManyRooms(let name):
            "\(name) is in \(Room.roomsPerPersonLimit) rooms, the most one may be in: a room must be left before another is joined"
        case .cannotChatWithSelf:
            "that is you: a 1:1 room is with someone else"
        case .invalidFixture(let reason):
            "the seed file can not be loaded: \(reason)"
        case .sessionEnded:
            "your login has ended or expired: log in again"
        case .passwordChecksBusy:
            "too many logins are being checked at once: try again in a moment"
        case .postClosed(let id):
            "post #\(id) is closed: it takes nobody new"
        case .postFull(let id, let capacity):
            "post #\(id) is full: its study group has all \(capacity) people it wants"
        case .removedFromStudy(let id):
            "the writer of post #\(id) took you out of its study room: only the writer's invitation brings you back"
        case .inviteeRemoved(let name, let id):
            "the writer of post #\(id) took \(name) out of its study room: only the writer can invite them back"
        case .studyNotStarted(let id):
            "nobody has joined your post #\(id) yet: its study room opens when someone does"
        case .notStudyRoom(let id):
            "room #\(id) is no post's study room: only there can its writer take people out"
        case .onlyWriterKicks(let id, let writer):
            "only \(writer), who wrote post #\(id), can take people out of its study room"
        case .notInRoom(let name):
            "\(name) is not in this room"
        case .cannotKickSelf:
            "that is you: leave the room to go"
        case .invalidRoomName(let problem):
            "that name can not be the room's: \(problem)"
        case .invalidTopic(let problem):
            "that topic can not be the room's: \(problem)"
        case .cannotIgnoreSelf:
            "that is you: ignore someone else"
        case .sendKeyReused(let roomID):
            "not sent: its key names a message of yours in another room, not #\(roomID); send it with a new key"
        case .tooManyIgnored:
            "you ignore \(Quiet.ignoreLimit) people, the most one may: stop ignoring someone first"
        case .notAnEmoji(let text):
            "'\(text)' is not one emoji: a reaction is one, such as 👍"
        case .tooManyReactions(let id):
            "message #\(id) has \(Reaction.kindsLimit) different reactions already: add to one of them"
        case .tooManyPosts:
            "you wrote \(Project.postsPerWindow) posts in the last hour, the most one may: wait a while, or edit one of them"
        case .searchTooLong:
            "a search takes at most \(MessageSearch.maximumWords) words and \(MessageSearch.maximumCharacters) characters: leave some out"
        case .tooManyMarks:
            "a character carries at most \(TextBounds.marksPerCharacter) marks (accents, vowel signs): take some off"
        case .nameMixesScripts(let name, let scripts):
            "'\(name)' mixes \(scripts) letters: write a name in one script (Latin may go with Han, kana or Hangul)"
        case .nameLooksLike(let name, let other):
            "'\(name)' looks like \(other), who has an account: choose a name that looks like no one's"
        case .noSuchInvitation(let id):
            "you have no invitation #\(id)"
        case .invitationLapsed(let id):
            "invitation #\(id) no longer stands: whoever sent it has left the room"
        case .tooManyInvitations(let name):
            "\(name) has \(Invitation.waitingPerInvitee) invitations waiting, the most one may: ask again once they have answered"
        case .tooManyInvitationsSent:
            "\(Invitation.waitingPerInviter) of your invitations wait for an answer, the most one may: ask again once some are answered"
        case .tooManyFailedSignIns(let seconds):
            "too many failed sign-ins from your network: try again in \(seconds) s"
        case .cannotRenameDirect(let id):
            "room #\(id) is a 1:1 room, named after the other person: only a group room can be renamed"
        case .invalidNotice(let problem):
            "that notice can not be pinned: \(problem)"
        case .noticeInDirectRoom(let id):
            "room #\(id) is a 1:1 room: a notice is pinned in a group or study room"
        case .onlyWriterPins(let id, let writer):
            "only \(writer), who wrote post #\(id), pins the notice of its study room"
        case .invalidTimer(let problem):
            "that timer can not run: \(problem)"
        case .invalidSession(let problem):
            "that session can not be held: \(problem)"
        case .sessionInDirectRoom(let id):
            "room #\(id) is a 1:1 room: sessions are held in a group or study room"
        case .onlyWriterSchedules(let id, let writer):
            "only \(writer), who wrote post #\(id), adds and cancels the sessions of its study room"
        case .tooManySessions(let id):
            "room #\(id) holds \(StudySession.perRoomLimit) sessions to come, the most a room may: cancel one first"
        case .noSuchSession(let id):
            "there is no session #\(id) to come in this room"
        case .checkInClosed(let id):
            "check-in to session #\(id) is open from 15 minutes before it meets to its end"
        case .notCheckedIn(let id):
            "you have not checked in to session #\(id): check in first"
        case .sessionFull(let id, let capacity):
            "session #\(id) has all \(capacity) people its study wants: say maybe, and see if someone drops out"
        }
    }
}
