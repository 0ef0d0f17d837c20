import Foundation

/// Where tudy keeps users, posts, rooms and messages.
///
/// Every call made as a user takes the `Session` the store gave at sign-up or log-in, never a
/// bare name, and the store checks it: nobody reads a room they are not a member of, and
/// nobody changes a post they did not write, whatever id they pass. The in-memory, SQLite and
/// networked stores implement it as it is.
///
/// Every store checks a call in the same order, so that they all give the same error: the
/// input first (a name and password, a draft, a message's text), then the session, then what
/// the store holds (the room, the post, membership, authorship).
public protocol ChatStore: Sendable {
    // MARK: - Accounts

    /// Makes an account and returns a session of it.
    /// - Throws: `StoreError.invalidName`, `.nameTaken`, `.weakPassword`.
    func signUp(name: String, password: String) async throws -> Session
    /// Returns a new session of the user whose name and password match.
    /// - Throws: `StoreError.wrongCredentials` for an unknown name and for a wrong password alike.
    func logIn(name: String, password: String) async throws -> Session
    /// Returns the session a token names, as a client does when it comes back.
    /// - Throws: `StoreError.sessionEnded` for a token this store did not give, closed or expired.
    func resume(_ token: SessionToken) async throws -> Session
    /// Ends a session: its token is refused from now on.
    func logOut(_ session: Session) async throws
    /// The user with this name, and the day they joined. - Throws: `StoreError.unknownUser`.
    func profile(named name: String) async throws -> UserProfile
    /// The user names the one signed in may see, sorted; for completion and lists. A local
    /// store lists every name; a server only the people who share a room with whoever its
    /// client signed in as last, so that nobody can list every account.
    func userNames() async throws -> [String]

    // MARK: - Posts

    /// One page of the posts answering the query, newest first.
    func projects(_ query: ProjectQuery, page: PostPage) async throws -> [Project]
    /// One post. - Throws: `StoreError.noSuchProject`.
    func project(id: Int) async throws -> Project
    /// Keeps a new post written by the session's user. - Throws: `StoreError.invalidDraft`.
    func createProject(_ draft: ProjectDraft, by writer: Session) async throws -> Project
    /// Replaces a post's fields. - Throws: `StoreError.notWriter` unless the session's user wrote it.
    func updateProject(id: Int, with draft: ProjectDraft, by session: Session) async throws -> Project
    /// Opens or closes a post for recruiting. - Throws: `StoreError.notWriter` unless the session's user wrote it.
    func setProject(id: Int, isOpen: Bool, by session: Session) async throws -> Project
    /// Removes a post. - Throws: `StoreError.notWriter` unless the session's user wrote it.
    func deleteProject(id: Int, by session: Session) async throws

    // MARK: - Rooms

    /// The rooms of the session's user, the most recently active first.
    func rooms(of session: Session) async throws -> [RoomSummary]
    /// One room of the user's. - Throws: `StoreError.noSuchRoom` when it does not exist or the user is not in it.
    func room(id: Int, for session: Session) async throws -> Room
    /// The 1:1 room of the session's user and `other`, made if it does not exist; never a second one.
    func directRoom(between session: Session, and other: User) async throws -> Room
    /// Brings `invitee` into a room, or asks them: a 1:1 room yields a new group room, a group
    /// room gains the member. Someone who shares no group room with the inviter is not put
    /// in: an `Invitation` waits for their answer (once per room; asking again changes
    /// nothing), and the room is made or left without them.
    /// - Throws: `StoreError.alreadyMember`, what `StudyRoom.checkInvitation` refuses,
    ///   `.tooManyRooms`, `.roomFull`, `.tooManyInvitations`, `.tooManyInvitationsSent`.
    func invite(_ invitee: User, to roomID: Int, by session: Session) async throws -> InviteOutcome
    /// The invitations waiting for the session's user, oldest first.
    func invitations(for session: Session) async throws -> [Invitation]
    /// Says yes to an invitation: the user comes into its room, by the rules an invite by its
    /// inviter would meet now, and the invitation is gone. Returns the room.
    /// - Throws: `StoreError.noSuchInvitation`, `.invitationLapsed` (its inviter left the
    ///   room), what `StudyRoom.checkInvitation` refuses, `.tooManyRooms`, `.roomFull`.
    func acceptInvitation(_ id: Int, by session: Session) async throws -> Room
    /// Says no to an invitation: it is gone, and nobody is told.
    /// - Throws: `StoreError.noSuchInvitation`.
    func declineInvitation(_ id: Int, by session: Session) async throws
    /// Takes the session's user out of a room.
    func leave(roomID: Int, session: Session) async throws
    /// Puts the session's user in a post's study room (`/join`) and returns it: a group room
    /// named after the post, made with its writer when the first person joins.
    /// - Throws: `StoreError.noSuchProject`, what `StudyRoom.admission` refuses, `.tooManyRooms`.
    func join(projectID: Int, by session: Session) async throws -> Room
    /// Takes someone out of a post's study room, for the post's writer (`/kick`): they can not
    /// `/join` it again, though a member may `/invite` them back. Returns the room as it is now.
    /// - Throws: `StoreError.noSuchRoom` (a room the writer is not in), `.unknownUser`, what
    ///   `StudyRoom.checkRemoval` refuses.
    func kick(_ user: User, from roomID: Int, by session: Session) async throws -> Room
    /// Names a group room, for everyone in it (`/rename`); they are told of it live.
    /// - Throws: `StoreError.invalidRoomName` (see `Room.checkedName`), `.noSuchRoom`, `.cannotRenameDirect`.
    func rename(roomID: Int, to name: String, by session: Session) async throws -> Room
    /// Sets what a room is about, for everyone in it (`/topic`); an empty topic clears it.
    /// - Throws: `StoreError.invalidTopic` (see `Room.checkedTopic`), `.noSuchRoom`.
    func setTopic(roomID: Int, to topic: String, by session: Session) async throws -> Room
    /// Pins a notice to a group room for everyone in it (`/notice`), replacing the last one;
    /// empty text takes it down. Its writer has read it; nobody else has yet. Members are told
    /// of it live, as of a new topic. Returns the room as it is now.
    /// - Throws: `StoreError.invalidNotice` (see `RoomNotice.checkedText`), `.noSuchRoom`, what
    ///   `RoomNotice.checkPinning` refuses.
    func pinNotice(_ text: String, in roomID: Int, by session: Session) async throws -> Room
    /// Notes that the session's user has read the room's notice (shown on opening it); its
    /// members are told live when that changed who has. Returns the room as it is now.
    /// - Throws: `StoreError.noSuchRoom`.
    func readNotice(in roomID: Int, by session: Session) async throws -> Room
    /// Starts a focus/break timer for everyone in a room (`/timer 50/10 x4`), now, replacing
    /// any it runs; nil stops it. Members are told as of a new topic. Returns the room as it is now.
    /// - Throws: `StoreError.invalidTimer` (see `StudyTimer.Plan.checked`), `.noSuchRoom`.
    func setTimer(_ plan: StudyTimer.Plan?, in roomID: Int, by session: Session) async throws -> Room
    /// Adds a session to a group room (`/session`): once at `startsAt`, or every week from
    /// then until cancelled; one that is over and not weekly is dropped to make room. Members
    /// are told as of a new topic. Returns the room as it is now.
    /// - Throws: `StoreError.invalidSession`, `.noSuchRoom`, what `StudySession.checkScheduling`
    ///   refuses, `.tooManySessions`.
    func addSession(startsAt: Date, minutes: Int, weekly: Bool, in roomID: Int, by session: Session) async throws -> Room
    /// Cancels a session of the room, every meeting of it. - Throws: `StoreError.noSuchRoom`,
    /// what `StudySession.checkScheduling` refuses, `.noSuchSession`.
    func cancelSession(_ id: Int, in roomID: Int, by session: Session) async throws -> Room
    /// Keeps the user's answer for one meeting of a session (`/rsvp`), replacing theirs before;
    /// members are told. Answers for meetings over are dropped.
    /// - Throws: `StoreError.noSuchRoom`, `.noSuchSession`, `.sessionFull`.
    func answerSession(_ id: Int, meeting: Date, _ reply: StudySession.Reply, in roomID: Int, by session: Session) async throws -> Room
    /// Checks the user in to a meeting of a session (`/checkin`), now; again, keeps the first.
    /// - Throws: `StoreError.noSuchRoom`, `.noSuchSession`, `.checkInClosed` (see `Attendance.checkOpen`).
    func checkIn(to sessionID: Int, meeting: Date, in roomID: Int, by session: Session) async throws -> AttendanceRecord
    /// Checks the user out of a meeting they checked in to (`/checkout`), now; again, moves it.
    /// - Throws: `StoreError.noSuchRoom`, `.notCheckedIn`.
    func checkOut(of sessionID: Int, meeting: Date, in roomID: Int, by session: Session) async throws -> AttendanceRecord
    /// Every member's attendance at the room's meetings that began at or after `since`.
    /// - Throws: `StoreError.noSuchRoom`.
    func attendance(in roomID: Int, since: Date, for session: Session) async throws -> [AttendanceRecord]

    // MARK: - Messages

    /// Up to `limit` messages older than message `before` (or the newest), oldest first.
    func messages(in roomID: Int, for session: Session, before: Int?, limit: Int) async throws -> MessagePage
    /// Up to `limit` messages newer than message `after`, oldest first, found by key:
    /// what arrived since the last one shown.
    func messages(in roomID: Int, for session: Session, after: Int, limit: Int) async throws -> [Message]
    /// The id of the oldest message in a room that the user has not read and did not write, nor
    /// someone they ignore; nil when none.
    func firstUnread(in roomID: Int, for session: Session) async throws -> Int?
    /// Keeps a message; once this returns, the message is stored.
    /// - Parameters:
    ///   - outgoing: what it says, already checked; what it answers must be in `roomID`. Sent
    ///     again under the same key, it returns the message kept the first time.
    ///   - roomID: a room the sender is in.
    ///   - session: the sender's.
    /// - Throws: `StoreError.noSuchRoom`, `.noSuchMessage` (a reply to a message not in the room).
    nonisolated(nonsending) func send(_ outgoing: OutgoingMessage, to roomID: Int, from session: Session) async throws -> Message
    /// Messages in the user's rooms, never another's, holding every one of `words` (folded, as
    /// `MessageSearch.words` gives them), newest first, at most `limit`; only those older than
    /// the message `before` (its id), when given, so that a search is read on where it stopped.
    func findMessages(_ words: [String], for session: Session, before: Int?, limit: Int) async throws -> [Message]
    /// Changes the text of one of the user's own messages in a room, for everyone in it: the
    /// message keeps its place and is marked edited, and the search index holds the new text.
    /// - Throws: `StoreError.emptyMessage`, `.messageTooLong`, `.controlCharacter`, `.noSuchRoom`, `.noSuchMessage`
    ///   (also for one in another room), `.notYourMessage`, `.messageDeleted`, `.nothingToChange`.
    func edit(_ pick: MessagePick, in roomID: Int, to text: String, by session: Session) async throws -> Message
    /// Deletes one of the user's own messages in a room: its text is gone from the store and
    /// the search index, and its place is marked deleted, for everyone.
    /// - Throws: as `edit` does, but for the text.
    func unsend(_ pick: MessagePick, in roomID: Int, by session: Session) async throws -> Message
    /// Sets an emoji on a message of the room for the session's user, or takes it back when
    /// they had set it (`/react`); everyone in the room is told, as of an edit. Returns the
    /// message as it is now.
    /// - Throws: `StoreError.notAnEmoji` (see `Reaction.checked`), `.noSuchRoom`, `.noSuchMessage`,
    ///   `.messageDeleted`, `.tooManyReactions`.
    func react(to messageID: Int, in roomID: Int, with emoji: String, by session: Session) async throws -> Message
    /// Keeps a room muted or someone ignored for the session's user, or lets them be heard
    /// again (`/mute`, `/unmute`, `/ignore`, `/unignore`); doing what is done already changes
    /// nothing.
    /// - Throws: `StoreError.noSuchRoom` (a room they are not in), `.unknownUser`,
    ///   `.cannotIgnoreSelf`, `.tooManyIgnored`.
    func setQuiet(_ quiet: Quiet, _ isQuiet: Bool, by session: Session) async throws
    /// What the session's user keeps quiet: the rooms they are in and muted, and the people
    /// they ignore (by each one's name as they chose it).
    func quiet(of session: Session) async throws -> Set<Quiet>
    /// Marks every message up to `messageID` as read by the session's user (no further than
    /// the room's newest message); the room's other members are told (`StoreChange.read`) when
    /// the mark moved. A mark never goes back.
    func markRead(roomID: Int, upTo messageID: Int, for session: Session) async throws
    /// How far each member of a room has read it: the id of the last message they read, or
    /// nothing for one who has read none; for the counts of who has not read a message yet.
    /// - Throws: `StoreError.noSuchRoom` (a room the user is not in).
    func readMarks(in roomID: Int, for session: Session) async throws -> [User: Int]

    // MARK: - Changes

    /// What changes for the session's user from the moment this returns, made by this process
    /// or any other: new messages in their rooms (their own included, in the order they were
    /// committed), messages in their rooms edited or deleted, rooms they joined or left,
    /// members who came or went. Iterating ends
    /// when the task iterating it is cancelled.
    func changes(for session: Session) async throws -> AsyncStream<StoreChange>

    /// For a store that reaches its data over a connection that can drop (a server's): a
    /// report each time it is lost or back, from now on, for everyone using the store, signed
    /// in or not. Nil for a store with no such connection.
    func connectionReports() -> AsyncStream<ConnectionReport>?
}

extension ChatStore {
    public func connectionReports() -> AsyncStream<ConnectionReport>? { nil }

    /// Refuses a name nobody could sign up with now, before a password is asked for: one that
    /// is not valid, or is taken. Nothing is kept; a sign-up checks again. A store that reaches
    /// its accounts through a server asks it (`NameChecking`).
    /// - Throws: `StoreError.tooManyMarks`, `.invalidName`, `.nameMixesScripts`, `.nameTaken`,
    ///   `.nameLooksLike` (`profile(named:)` finds a name by its look too).
    package func checkNameIsFree(_ name: String) async throws {
        if let checking = self as? any NameChecking { return try await checking.checkName(name) }
        try TextBounds.check(name)
        let name = Accounts.normalized(name)
        try Accounts.check(newName: name)
        let holder: User
        do {
            holder = try await profile(named: name).user
        } catch StoreError.unknownUser {
            return
        }
        throw holder.isNamed(name) ? StoreError.nameTaken(name) : StoreError.nameLooksLike(name: name, other: holder.name)
    }

    /// The user with this name. - Throws: `StoreError.unknownUser`.
    package func user(named name: String) async throws -> User {
        try await profile(named: name).user
    }

    /// The newest `limit` messages in the user's rooms holding every one of `words`.
    package func findMessages(_ words: [String], for session: Session, limit: Int) async throws -> [Message] {
        try await findMessages(words, for: session, before: nil, limit: limit)
    }

    /// Keeps a message of words that no retry will name.
    /// - Throws: what `OutgoingMessage` throws for the text, then what `send` throws.
    public func send(_ text: String, to roomID: Int, from session: Session) async throws -> Message {
        try await send(OutgoingMessage(text), to: roomID, from: session)
    }

    /// Keeps a message of words under the sender's key.
    package func send(_ text: String, to roomID: Int, from session: Session, key: String?) async throws -> Message {
        try await send(OutgoingMessage(text, key: key), to: roomID, from: session)
    }

    /// The newest page of the posts answering the query.
    package func projects(_ query: ProjectQuery) async throws -> [Project] {
        try await projects(query, page: .newest)
    }
}

/// A store an operator fills from a seed file: not a user's act, so not part of `ChatStore`.
package protocol SeedableStore: ChatStore {
    /// Adds the users, posts and rooms of a fixture, all of them or none.
    func load(_ fixture: Fixture) async throws
}
