import Foundation
import TudyCore

/// One request a client sends the server, as a JSON text frame: an id the reply carries back,
/// an operation, and the fields that operation takes. Per-user operations carry the session's
/// token, never a user name.
package struct WireRequest: Codable, Sendable, Equatable {
    /// What the client asks for; each one is a `ChatStore` call, or one about the connection.
    package enum Operation: String, Codable, Sendable, CaseIterable {
        case hello
        case signUp = "sign_up", logIn = "log_in", resume, logOut = "log_out", checkName = "check_name"
        case user, userNames = "user_names"
        case projects, project
        case createProject = "create_project", updateProject = "update_project"
        case setProject = "set_project", deleteProject = "delete_project"
        case rooms, room, directRoom = "direct_room", invite, leave, joinPost = "join_post", kick
        case renameRoom = "rename_room", setTopic = "set_topic", pinNotice = "pin_notice", readNotice = "read_notice", setTimer = "set_timer"
        case addSession = "add_session", cancelSession = "cancel_session", answerSession = "answer_session"
        case checkIn = "check_in", checkOut = "check_out", attendance
        case messagesBefore = "messages_before", messagesAfter = "messages_after", firstUnread = "first_unread"
        case send, markRead = "mark_read", readMarks = "read_marks", findMessages = "find_messages"
        case editMessage = "edit_message", unsendMessage = "unsend_message", react
        case mute, unmute, ignore, unignore, quiet
        case invitations, acceptInvitation = "accept_invitation", declineInvitation = "decline_invitation"
        case presence
        case subscribe, unsubscribe

        /// Whether the operation signs a connection in.
        package var signsIn: Bool { self == .signUp || self == .logIn || self == .resume }

        /// Whether the operation changes the store, so that a repeat must not do it twice.
        package var changesStore: Bool {
            switch self {
            case .signUp, .logOut, .createProject, .updateProject, .setProject, .deleteProject, .directRoom, .invite,
                .leave, .joinPost, .kick, .renameRoom, .setTopic, .pinNotice, .readNotice, .setTimer, .addSession, .cancelSession, .answerSession, .checkIn, .checkOut, .send, .markRead, .editMessage, .unsendMessage, .react, .mute, .unmute, .ignore, .unignore,
                .acceptInvitation, .declineInvitation:
                true
            default:
                false
            }
        }
    }

    package var id: Int
    package var op: Operation
    /// A key the client chose, the same when it repeats the request after a reconnection, so
    /// that the server does it once.
    package var key: String?
    package var token: String?
    package var version: Int?
    package var name: String?
    package var password: String?
    package var query: WireQuery?
    package var projectID: Int?
    package var draft: ProjectDraft?
    package var isOpen: Bool?
    package var roomID: Int?
    package var before: Int?
    package var after: Int?
    package var limit: Int?
    package var text: String?
    /// `send`: `action` for `/me`; none for words said (what a client before kinds sends).
    package var kind: Message.Kind?
    /// `send`: the id of the message this one answers (`/reply`).
    package var replyTo: Int?
    package var messageID: Int?
    package var subscription: Int?
    /// For `subscribe` after a reconnection: the newest message id already received, so the
    /// server sends what came since before what comes next; in a room `sinceRooms` names,
    /// what came since the id it gives there.
    package var since: Int?
    /// For `subscribe` after a reconnection: the newest message already received in each room.
    package var sinceRooms: [WireRoomCursor]?
    /// For `subscribe`: the client takes the rooms of its reply in pages (the rest as frames of
    /// the subscription, each with `has_more` but the last); without it they come in the reply.
    package var roomPages: Bool?
    /// `find_messages`: the folded words to find.
    package var words: [String]?
    /// `accept_invitation`, `decline_invitation`: the invitation's id.
    package var invitationID: Int?
    /// `set_timer`: the timer to start; none stops the room's.
    package var timer: StudyTimer.Plan?
    /// `add_session`: when it first meets, for how many minutes, every week or once;
    /// `answer_session`, `check_in`, `check_out`: the start of the meeting (`at`), an answer's
    /// reply in `text`; `attendance`: from which meetings on.
    package var at: Date?
    package var minutes: Int?
    package var weekly: Bool?
    /// `cancel_session`, `answer_session`: the session's id.
    package var sessionID: Int?

    enum CodingKeys: String, CodingKey {
        case id, op, key, token, version, name, password, query, draft, before, after, limit, text, kind, subscription, since, words, timer, at, minutes, weekly
        case projectID = "project_id"
        case isOpen = "is_open"
        case roomID = "room_id"
        case messageID = "message_id"
        case replyTo = "reply_to"
        case sinceRooms = "since_rooms"
        case roomPages = "room_pages"
        case invitationID = "invitation_id"
        case sessionID = "session_id"
    }

    package init(id: Int = 0, op: Operation) {
        self.id = id
        self.op = op
    }
}

/// A board query on the wire: `{"kind": "all"}`, `{"kind": "words", "text": …}`, `{"kind": "work", "text": …}`.
package struct WireQuery: Codable, Sendable, Equatable {
    package var kind: String
    package var text: String?

    enum CodingKeys: String, CodingKey {
        case kind, text
    }

    package init(_ query: ProjectQuery) {
        switch query {
        case .all: kind = "all"
        case .words(let words): (kind, text) = ("words", words)
        case .work(let tag): (kind, text) = ("work", tag)
        }
    }

    /// The query, or nil for a kind the server does not know.
    package var query: ProjectQuery? {
        switch (kind, text) {
        case ("all", _): .all
        case ("words", let text?): .words(text)
        case ("work", let text?): .work(text)
        default: nil
        }
    }
}

extension WireRequest {
    /// Whether every text the request carries keeps `TextBounds`: asked before anything else
    /// looks at it (a key or a name is hashed, folded or compared), so that none costs more
    /// than its length.
    package var textsAreBounded: Bool {
        let texts = [key, token, name, password, text, query?.kind, query?.text, draft?.title, draft?.body].compactMap(\.self)
            + (draft?.works ?? []) + (words ?? [])
        return texts.allSatisfy(TextBounds.marksAreFew)
    }
}
