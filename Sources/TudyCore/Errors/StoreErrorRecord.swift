/// A store's refusal as a stable code and the values it names: the form in which it crosses a
/// wire (or reaches a program through `--json`) and is turned back into the same error.
///
/// The codes are the store's, not any one protocol's: they stay when a message is reworded.
package struct StoreErrorRecord: Sendable, Equatable {
    package var code: String
    package var name: String?
    package var id: Int?
    package var writer: String?
    package var seconds: Int?
    package var detail: String?
    package var capacity: Int?

    /// A record of the given parts, such as those read back from a wire.
    package init(
        code: String, name: String? = nil, id: Int? = nil, writer: String? = nil,
        seconds: Int? = nil, detail: String? = nil, capacity: Int? = nil
    ) {
        (self.code, self.name, self.id, self.writer) = (code, name, id, writer)
        (self.seconds, self.detail, self.capacity) = (seconds, detail, capacity)
    }

    package init(_ error: StoreError) {
        code = ""
        switch error {
        case .invalidName(let name): (code, self.name) = ("invalid_name", name)
        case .nameTaken(let name): (code, self.name) = ("name_taken", name)
        case .weakPassword: code = "weak_password"
        case .wrongCredentials: code = "wrong_credentials"
        case .tooManyAttempts(let seconds): (code, self.seconds) = ("too_many_attempts", seconds)
        case .unknownUser(let name): (code, self.name) = ("unknown_user", name)
        case .noSuchProject(let id): (code, self.id) = ("no_such_project", id)
        case .notWriter(let id, let writer): (code, self.id, self.writer) = ("not_writer", id, writer)
        case .invalidDraft(let problem): (code, detail) = ("invalid_draft", problem)
        case .noSuchRoom(let id): (code, self.id) = ("no_such_room", id)
        case .emptyMessage: code = "empty_message"
        case .messageTooLong: code = "message_too_long"
        case .controlCharacter(let character): (code, detail) = ("control_character", character)
        case .noSuchMessage(let id): (code, self.id) = ("no_such_message", id)
        case .notYourMessage(let id): (code, self.id) = ("not_your_message", id)
        case .messageDeleted(let id): (code, self.id) = ("message_deleted", id)
        case .nothingToChange: code = "nothing_to_change"
        case .alreadyMember(let name): (code, self.name) = ("already_member", name)
        case .roomFull(let id): (code, self.id) = ("room_full", id)
        case .tooManyRooms(let name): (code, self.name) = ("too_many_rooms", name)
        case .cannotChatWithSelf: code = "cannot_chat_with_self"
        case .invalidFixture(let reason): (code, detail) = ("invalid_fixture", reason)
        case .sessionEnded: code = "session_ended"
        case .passwordChecksBusy: code = "password_checks_busy"
        case .postClosed(let id): (code, self.id) = ("post_closed", id)
        case .postFull(let id, let capacity): (code, self.id, self.capacity) = ("post_full", id, capacity)
        case .removedFromStudy(let id): (code, self.id) = ("removed_from_study", id)
        case .inviteeRemoved(let name, let id): (code, self.name, self.id) = ("invitee_removed", name, id)
        case .studyNotStarted(let id): (code, self.id) = ("study_not_started", id)
        case .notStudyRoom(let id): (code, self.id) = ("not_study_room", id)
        case .onlyWriterKicks(let id, let writer): (code, self.id, self.writer) = ("only_writer_kicks", id, writer)
        case .notInRoom(let name): (code, self.name) = ("not_in_room", name)
        case .cannotKickSelf: code = "cannot_kick_self"
        case .invalidRoomName(let problem): (code, detail) = ("invalid_room_name", problem)
        case .invalidTopic(let problem): (code, detail) = ("invalid_topic", problem)
        case .cannotRenameDirect(let id): (code, self.id) = ("cannot_rename_direct", id)
        case .invalidNotice(let problem): (code, detail) = ("invalid_notice", problem)
        case .noticeInDirectRoom(let id): (code, self.id) = ("notice_in_direct_room", id)
        case .onlyWriterPins(let id, let writer): (code, self.id, self.writer) = ("only_writer_pins", id, writer)
        case .invalidTimer(let problem): (code, detail) = ("invalid_timer", problem)
        case .invalidSession(let problem): (code, detail) = ("invalid_session", problem)
        case .sessionInDirectRoom(let id): (code, self.id) = ("session_in_direct_room", id)
        case .onlyWriterSchedules(let id, let writer): (code, self.id, self.writer) = ("only_writer_schedules", id, writer)
        case .tooManySessions(let id): (code, self.id) = ("too_many_sessions", id)
        case .noSuchSession(let id): (code, self.id) = ("no_such_session", id)
        case .sessionFull(let id, let capacity): (code, self.id, self.capacity) = ("session_full", id, capacity)
        case .checkInClosed(let id): (code, self.id) = ("check_in_closed", id)
        case .notCheckedIn(let id): (code, self.id) = ("not_checked_in", id)
        case .cannotIgnoreSelf: code = "cannot_ignore_self"
        case .tooManyIgnored: code = "too_many_ignored"
        case .sendKeyReused(let roomID): (code, self.id) = ("send_key_reused", roomID)
        case .notAnEmoji(let text): (code, detail) = ("not_an_emoji", text)
        case .tooManyReactions(let id): (code, self.id) = ("too_many_reactions", id)
        case .tooManyMarks: code = "too_many_marks"
        case .searchTooLong: code = "search_too_long"
        case .tooManyPosts: code = "too_many_posts"
        case .nameMixesScripts(let name, let scripts): (code, self.name, detail) = ("name_mixes_scripts", name, scripts)
        case .nameLooksLike(let name, let other): (code, self.name, detail) = ("name_looks_like", name, other)
        case .noSuchInvitation(let id): (code, self.id) = ("no_such_invitation", id)
        case .invitationLapsed(let id): (code, self.id) = ("invitation_lapsed", id)
        case .tooManyInvitations(let name): (code, self.name) = ("too_many_invitations", name)
        case .tooManyInvitationsSent: code = "too_many_invitations_sent"
        case .tooManyFailedSignIns(let seconds): (code, self.seconds) = ("too_many_failed_sign_ins", seconds)
        }
    }

    /// The store's error this reply stands for; nil for an error of the connection or request.
    package var storeError: StoreError? {
        switch code {
        case "invalid_name": name.map(StoreError.invalidName)
        case "name_taken": name.map(StoreError.nameTaken)
        case "weak_password": .weakPassword
        case "wrong_credentials": .wrongCredentials
        case "too_many_attempts": seconds.map(StoreError.tooManyAttempts)
        case "unknown_user": name.map(StoreError.unknownUser)
        case "no_such_project": id.map(StoreError.noSuchProject)
        case "not_writer": id.flatMap { id in writer.map { StoreError.notWriter(projectID: id, writer: $0) } }
        case "invalid_draft": detail.map(StoreError.invalidDraft)
        case "no_such_room": id.map(StoreError.noSuchRoom)
        case "empty_message": .emptyMessage
        case "message_too_long": .messageTooLong
        case "control_character": detail.map(StoreError.controlCharacter)
        case "no_such_message": id.map(StoreError.noSuchMessage)
        case "not_your_message": id.map(StoreError.notYourMessage)
        case "message_deleted": id.map(StoreError.messageDeleted)
        case "nothing_to_change": .nothingToChange
        case "already_member": name.map(StoreError.alreadyMember)
        case "room_full": id.map(StoreError.roomFull)
        case "too_many_rooms": name.map(StoreError.tooManyRooms)
        case "cannot_chat_with_self": .cannotChatWithSelf
        case "invalid_fixture": detail.map(StoreError.invalidFixture)
        case "session_ended": .sessionEnded
        case "password_checks_busy": .passwordChecksBusy
        case "post_closed": id.map(StoreError.postClosed)
        case "post_full": id.flatMap { id in capacity.map { StoreError.postFull(projectID: id, capacity: $0) } }
        case "removed_from_study": id.map(StoreError.removedFromStudy)
        case "invitee_removed": id.flatMap { id in name.map { StoreError.inviteeRemoved(name: $0, projectID: id) } }
        case "study_not_started": id.map(StoreError.studyNotStarted)
        case "not_study_room": id.map(StoreError.notStudyRoom)
        case "only_writer_kicks": id.flatMap { id in writer.map { StoreError.onlyWriterKicks(projectID: id, writer: $0) } }
        case "not_in_room": name.map(StoreError.notInRoom)
        case "cannot_kick_self": .cannotKickSelf
        case "invalid_room_name": detail.map(StoreError.invalidRoomName)
        case "invalid_topic": detail.map(StoreError.invalidTopic)
        case "cannot_rename_direct": id.map(StoreError.cannotRenameDirect)
        case "invalid_notice": detail.map(StoreError.invalidNotice)
        case "notice_in_direct_room": id.map(StoreError.noticeInDirectRoom)
        case "invalid_timer": detail.map(StoreError.invalidTimer)
        case "invalid_session": detail.map(StoreError.invalidSession)
        case "session_in_direct_room": id.map(StoreError.sessionInDirectRoom)
        case "only_writer_schedules": id.flatMap { id in writer.map { StoreError.onlyWriterSchedules(projectID: id, writer: $0) } }
        case "too_many_sessions": id.map(StoreError.tooManySessions)
        case "no_such_session": id.map(StoreError.noSuchSession)
        case "check_in_closed": id.map(StoreError.checkInClosed)
        case "not_checked_in": id.map(StoreError.notCheckedIn)
        case "session_full": id.flatMap { id in capacity.map { StoreError.sessionFull(sessionID: id, capacity: $0) } }
        case "only_writer_pins": id.flatMap { id in writer.map { StoreError.onlyWriterPins(projectID: id, writer: $0) } }
        case "cannot_ignore_self": .cannotIgnoreSelf
        case "too_many_ignored": .tooManyIgnored
        case "send_key_reused": id.map { StoreError.sendKeyReused(roomID: $0) }
        case "not_an_emoji": detail.map(StoreError.notAnEmoji)
        case "too_many_reactions": id.map(StoreError.tooManyReactions)
        case "too_many_marks": .tooManyMarks
        case "search_too_long": .searchTooLong
        case "too_many_posts": .tooManyPosts
        case "name_mixes_scripts": name.flatMap { name in detail.map { StoreError.nameMixesScripts(name: name, scripts: $0) } }
        case "name_looks_like": name.flatMap { name in detail.map { StoreError.nameLooksLike(name: name, other: $0) } }
        case "no_such_invitation": id.map(StoreError.noSuchInvitation)
        case "invitation_lapsed": id.map(StoreError.invitationLapsed)
        case "too_many_invitations": name.map(StoreError.tooManyInvitations)
        case "too_many_invitations_sent": .tooManyInvitationsSent
        case "too_many_failed_sign_ins": seconds.map(StoreError.tooManyFailedSignIns)
        default: nil
        }
    }
}

extension StoreError: UserFacingError {
    /// The error's stable code (`no_such_room`), which a client turns back into this error.
    package var code: String { StoreErrorRecord(self).code }
}
