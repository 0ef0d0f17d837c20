import Foundation
import TudyCore

/// What the server sends: a reply to one request (`type` "reply", with its id), a change
/// pushed to a subscription (`type` "change"; with no `change` but a `reason`, the
/// subscription's end: its session ended, or the store stopped telling), or the health of the server's database
/// (`type` "status": `database` "down" with a `reason`, or "up").
package struct WireFrame: Codable, Sendable, Equatable {
    package enum Kind: String, Codable, Sendable {
        case reply, change, status
    }

    package var type: Kind
    package var id: Int?
    package var error: WireError?
    package var version: Int?
    /// `hello`: every operation the server answers, and its features beyond them.
    package var operations: [String]?
    package var features: [String]?
    package var session: WireSession?
    package var user: User?
    /// `user`: the day they joined, when the store kept it.
    package var joinedAt: Date?
    package var names: [String]?
    /// `quiet`: the rooms the user muted (`names` holds the people they ignore).
    package var mutedRooms: [Int]?
    /// `read_marks`: how far each member has read the room.
    package var readMarks: [WireReadMark]?
    package var project: Project?
    package var projects: [Project]?
    /// `projects`: more posts of the page came after these than fitted in the reply.
    package var hasMore: Bool?
    package var room: Room?
    /// `invite`: the invitee was asked, not brought in; `room` is without them.
    package var asked: Bool?
    /// `invitations`: those waiting for the user's answer.
    package var invitations: [Invitation]?
    package var rooms: [RoomSummary]?
    package var page: MessagePage?
    package var messages: [Message]?
    /// `messages_after`: more messages came after these than fitted in the reply.
    package var hasNewer: Bool?
    package var message: Message?
    package var messageID: Int?
    /// `subscribe`: the newest message in each of the user's rooms when the stream began,
    /// where a catch-up after the next reconnection starts in that room.
    package var roomCursors: [WireRoomCursor]?
    package var subscription: Int?
    package var change: WireChange?
    package var database: String?
    package var reason: String?
    /// `check_in`, `check_out`: the user's record for the meeting; `attendance`: every record.
    package var attendance: [AttendanceRecord]?

    enum CodingKeys: String, CodingKey {
        case type, id, error, version, operations, features, session, user, names, project, projects, room, rooms, page, messages, message
        case subscription, change, database, reason, asked, invitations, attendance
        case messageID = "message_id"
        case hasNewer = "has_newer"
        case hasMore = "has_more"
        case mutedRooms = "muted_rooms"
        case readMarks = "read_marks"
        case joinedAt = "joined_at"
        case roomCursors = "room_cursors"
    }

    /// The frame that ends a subscription, saying why.
    package static func subscriptionEnded(_ subscription: Int, reason: String) -> WireFrame {
        var frame = WireFrame(type: .change)
        frame.subscription = subscription
        frame.reason = reason
        return frame
    }

    /// A reply to request `id`, its fields filled in after.
    package static func reply(to id: Int) -> WireFrame {
        WireFrame(type: .reply, id: id)
    }

    package init(type: Kind, id: Int? = nil) {
        self.type = type
        self.id = id
    }

    /// The frame that tells a client how the server's database is.
    package static func status(_ health: StoreHealth) -> WireFrame {
        var frame = WireFrame(type: .status)
        switch health {
        case .up: frame.database = "up"
        case .down(let reason): (frame.database, frame.reason) = ("down", reason)
        }
        return frame
    }

    /// The health a status frame tells; nil for another frame, or a state this client does not know.
    package var health: StoreHealth? {
        switch (type, database) {
        case (.status, "up"): .up
        case (.status, "down"): .down(reason: reason ?? "")
        default: nil
        }
    }
}

/// A session on the wire: the user and the token that stands for them.
package struct WireSession: Codable, Sendable, Equatable {
    package var user: User
    package var token: String

    enum CodingKeys: String, CodingKey {
        case user, token
    }

    package init(_ session: Session) {
        user = session.user
        token = session.token.text
    }

    package var session: Session { Session(user: user, token: SessionToken(text: token)) }
}

/// How far one member has read a room: `{"name": …, "up_to": …}`.
package struct WireReadMark: Codable, Sendable, Equatable {
    package var name: String
    package var upTo: Int

    enum CodingKeys: String, CodingKey {
        case name
        case upTo = "up_to"
    }

    package init(name: String, upTo: Int) {
        self.name = name
        self.upTo = upTo
    }
}

/// A store change on the wire: `kind` is `message`, `message_changed`, `joined`, `left`,
/// `members_changed` or `read` (`room_id`, the `reader`, `up_to`).
package struct WireChange: Codable, Sendable, Equatable {
    package var kind: String
    package var message: Message?
    package var room: Room?
    package var roomID: Int?
    package var reader: User?
    package var upTo: Int?

    enum CodingKeys: String, CodingKey {
        case kind, message, room, reader
        case roomID = "room_id"
        case upTo = "up_to"
    }

    package init(_ change: StoreChange) {
        switch change {
        case .message(let message): (kind, self.message) = ("message", message)
        case .messageChanged(let message): (kind, self.message) = ("message_changed", message)
        case .joined(let room): (kind, self.room) = ("joined", room)
        case .left(let roomID): (kind, self.roomID) = ("left", roomID)
        case .roomChanged(let room): (kind, self.room) = ("members_changed", room)
        case .read(let roomID, let reader, let upTo): (kind, self.roomID, self.reader, self.upTo) = ("read", roomID, reader, upTo)
        }
    }

    /// The change, or nil for a kind this client does not know (a newer server's).
    package var change: StoreChange? {
        switch (kind, message, room, roomID) {
        case ("message", let message?, _, _): .message(message)
        case ("message_changed", let message?, _, _): .messageChanged(message)
        case ("joined", _, let room?, _): .joined(room)
        case ("left", _, _, let roomID?): .left(roomID: roomID)
        case ("members_changed", _, let room?, _): .roomChanged(room)
        case ("read", _, _, let roomID?): reader.flatMap { reader in upTo.map { .read(roomID: roomID, reader: reader, upTo: $0) } }
        default: nil
        }
    }
}

/// Where a client stands in one room: the newest message it has of it. Ids are in commit
/// order within a room only, so a catch-up is asked and answered room by room.
package struct WireRoomCursor: Codable, Sendable, Equatable {
    package var roomID: Int
    package var messageID: Int

    enum CodingKeys: String, CodingKey {
        case roomID = "room_id"
        case messageID = "message_id"
    }

    package init(roomID: Int, messageID: Int) {
        self.roomID = roomID
        self.messageID = messageID
    }
}
