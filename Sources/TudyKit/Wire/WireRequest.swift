/// One request a client sends the server, as a JSON text frame: an id the reply carries back,
/// an operation, and the fields that operation takes. Per-user operations carry the session's
/// token, never a user name.
public struct WireRequest: Codable, Sendable, Equatable {
    /// What the client asks for; each one is a `ChatStore` call, or one about the connection.
    public enum Operation: String, Codable, Sendable {
        case hello
        case signUp = "sign_up", logIn = "log_in", resume, logOut = "log_out"
        case user, userNames = "user_names"
        case projects, project
        case createProject = "create_project", updateProject = "update_project"
        case setProject = "set_project", deleteProject = "delete_project"
        case rooms, room, directRoom = "direct_room", invite, leave
        case messagesBefore = "messages_before", messagesAfter = "messages_after", firstUnread = "first_unread"
        case send, markRead = "mark_read", findMessages = "find_messages"
        case editMessage = "edit_message", unsendMessage = "unsend_message"
        case subscribe, unsubscribe

        /// Whether the operation signs a connection in.
        public var signsIn: Bool { self == .signUp || self == .logIn || self == .resume }

        /// Whether the operation changes the store, so that a repeat must not do it twice.
        public var changesStore: Bool {
            switch self {
            case .signUp, .logOut, .createProject, .updateProject, .setProject, .deleteProject, .directRoom, .invite,
                .leave, .send, .markRead, .editMessage, .unsendMessage:
                true
            default:
                false
            }
        }
    }

    public var id: Int
    public var op: Operation
    /// A key the client chose, the same when it repeats the request after a reconnection, so
    /// that the server does it once.
    public var key: String?
    public var token: String?
    public var version: Int?
    public var name: String?
    public var password: String?
    public var query: WireQuery?
    public var projectID: Int?
    public var draft: ProjectDraft?
    public var isOpen: Bool?
    public var roomID: Int?
    public var before: Int?
    public var after: Int?
    public var limit: Int?
    public var text: String?
    public var messageID: Int?
    public var subscription: Int?
    /// For `subscribe` after a reconnection: the newest message id already received, so the
    /// server sends what came since before what comes next.
    public var since: Int?
    /// `find_messages`: the folded words to find.
    public var words: [String]?

    enum CodingKeys: String, CodingKey {
        case id, op, key, token, version, name, password, query, draft, before, after, limit, text, subscription, since, words
        case projectID = "project_id"
        case isOpen = "is_open"
        case roomID = "room_id"
        case messageID = "message_id"
    }

    public init(id: Int = 0, op: Operation) {
        self.id = id
        self.op = op
    }
}

/// A board query on the wire: `{"kind": "all"}`, `{"kind": "words", "text": …}`, `{"kind": "work", "text": …}`.
public struct WireQuery: Codable, Sendable, Equatable {
    public var kind: String
    public var text: String?

    enum CodingKeys: String, CodingKey {
        case kind, text
    }

    public init(_ query: ProjectQuery) {
        switch query {
        case .all: kind = "all"
        case .words(let words): (kind, text) = ("words", words)
        case .work(let tag): (kind, text) = ("work", tag)
        }
    }

    /// The query, or nil for a kind the server does not know.
    public var query: ProjectQuery? {
        switch (kind, text) {
        case ("all", _): .all
        case ("words", let text?): .words(text)
        case ("work", let text?): .work(text)
        default: nil
        }
    }
}
