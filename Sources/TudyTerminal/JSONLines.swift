import Foundation
import TudyCore

/// `--json`: what tudy shows as one JSON object a line, each with a `type` and the fields
/// of its value, in the vocabulary of the models' snake_case keys (and of seed files):
/// `notice`, `message`, `posts`, `post`, `rooms`, `profile`, `room`, `draft_room`, `unread_marker`, `members`,
/// `room_change`, `pinned_notice`, `timer`, `timer_stopped`, `sessions`, `session_change`, `reminder`, `attendance_record`, `attendance`, `readers`, `read`, `post_change`, `account`, `invitations`, `identity`, `screen`,
/// `cancelled`, `help`, and on
/// standard error `error` and `note`. Times are ISO 8601 in UTC. Every character that could act on a terminal is
/// written as a `\u` escape, so a line is inert on a terminal and exact for a program.
struct JSONLines {
    /// A value with its `type` written beside its own fields, and for a message of the open
    /// room `unread`: how many members have not read it yet, when any has not.
    private struct Typed<Value: Encodable>: Encodable {
        let type: String
        let value: Value
        var unread = 0

        private enum Key: String, CodingKey {
            case type, unread
        }

        func encode(to encoder: any Encoder) throws {
            try value.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(type, forKey: .type)
            if unread > 0 { try container.encode(unread, forKey: .unread) }
        }
    }

    /// The line for a value and the stream it goes to; nil for an empty notice, which in
    /// text only spaces lines out.
    static func render(_ value: Output) -> (line: String, channel: OutputChannel)? {
        switch value {
        case .notice(let text): text.isEmpty ? nil : (line("notice", Text(text: text)), .standardOutput)
        case .message(let message, let unreadBy): (line(Typed(type: "message", value: message, unread: unreadBy)), .standardOutput)
        case .messageElsewhere(let message, _, _, _): (line("message", message), .standardOutput)
        case .posts(let projects): (line("posts", Posts(posts: projects)), .standardOutput)
        case .post(let project): (line("post", Post(post: project)), .standardOutput)
        case .rooms(let summaries, _, _): (line("rooms", Rooms(rooms: summaries)), .standardOutput)
        case .profile(let profile, let rooms, _):
            (line("profile", Profile(name: profile.user.name, joinedAt: profile.joinedAt, sharedRooms: rooms.map(\.id))), .standardOutput)
        case .roomHeader(let room, _, let hasOlder): (line("room", RoomHeader(room: room, hasOlder: hasOlder)), .standardOutput)
        case .draftRoomHeader(let other, let members): (line("draft_room", DraftRoom(with: other, members: members)), .standardOutput)
        case .unreadMarker(let count): (line("unread_marker", Count(count: count)), .standardOutput)
        case .members(let room, let online): (line("members", Members(room: room, online: online?.sorted())), .standardOutput)
        case .roomChange(let change, let room, _):
            (line("room_change", Change(change: change.name, user: change.person, room: room)), .standardOutput)
        case .timerPhase(let phase, let timer, let room, _, let minutesLeft):
            (line("timer", TimerLine(phase, timer: timer, roomID: room.id, minutesLeft: minutesLeft)), .standardOutput)
        case .timerStopped(let room, _, _): (line("timer_stopped", RoomID(roomID: room.id)), .standardOutput)
        case .sessions(let summaries, let room):
            (line("sessions", Sessions(roomID: room.id, sessions: summaries.map(SessionItem.init))), .standardOutput)
        case .reminder(let summary, let room, _, let minutes):
            (line("reminder", Reminder(roomID: room.id, minutes: minutes, session: SessionItem(summary))), .standardOutput)
        case .checkedIn(let record), .checkedOut(let record): (line("attendance_record", AttendanceLine(record)), .standardOutput)
        case .attendanceRoll(let roll, let room):
            (line("attendance", Roll(roomID: room.id, weeks: roll.weeks, meetings: roll.meetings, members: roll.lines)), .standardOutput)
        case .sessionAnswers(let summary, let room):
            (line("sessions", Sessions(roomID: room.id, sessions: [SessionItem(summary)])), .standardOutput)
        case .sessionChange(let change, let summary, let room):
            (line("session_change", SessionChangeLine(roomID: room.id, change: change.name, user: change.person, reply: change.reply,
                session: SessionItem(summary))), .standardOutput)
        case .pinnedNotice(let notice, let room, let readers):
            (line("pinned_notice", PinnedNotice(notice, room: room, readers: readers)), .standardOutput)
        case .readers(let id, let readBy, let notYet): (line("readers", Readers(id: id, readBy: readBy, notYet: notYet)), .standardOutput)
        case .readReceipt(let reader, let id, let unread): (line("read", Read(reader: reader, id: id, unread: unread)), .standardOutput)
        case .postChange(let change, let id): (line("post_change", PostChangeLine(change: change.name, id: id)), .standardOutput)
        case .account(let change, let user): (line("account", Change(change: change.name, user: user, room: nil)), .standardOutput)
        case .invitations(let invitations): (line("invitations", Invitations(invitations: invitations)), .standardOutput)
        case .identity(let user): (line("identity", Identity(user: user)), .standardOutput)
        case .screen(let path, _): (line("screen", Screen(path: path)), .standardOutput)
        case .wentBack: nil
        case .cancelled(let flow): (line("cancelled", Cancelled(flow: flow.rawValue)), .standardOutput)
        case .help(let listing): (line("help", Help(listing)), .standardOutput)
        case .error(let code, let message): (line("error", Failure(code: code, message: message)), .standardError)
        case .note(let text): (line("note", Text(text: text)), .standardError)
        }
    }

    /// One line for a value of a type, its fields beside `type`.
    private static func line<Value: Encodable>(_ type: String, _ value: Value) -> String {
        line(Typed(type: type, value: value))
    }

    private static func line<Value: Encodable>(_ typed: Typed<Value>) -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(typed)) ?? Data(#"{"type":"unencodable"}"#.utf8)
        return inert(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// JSON escapes the C0 controls itself; the rest of what `Sanitizer` shows inert (C1
    /// controls, bidi overrides and isolates, line separators) is escaped here.
    private static func inert(_ json: String) -> String {
        var result = ""
        for scalar in json.unicodeScalars {
            switch scalar.value {
            case 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029, 0x061C:
                result += String(format: "\\u%04x", scalar.value)
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension JSONLines {
    struct Text: Encodable {
        let text: String
    }

    struct Screen: Encodable {
        let path: String
    }

    struct DraftRoom: Encodable {
        let with: User
        let members: [User]
    }

    struct Cancelled: Encodable {
        let flow: String
    }

    /// `/help`'s page (`path`, `here`, `everywhere`, `held_back`) or one command's `usages`.
    struct Help: Encodable {
        var path: String?
        var here: [HelpListing.Row]?
        var everywhere: [HelpListing.Row]?
        var heldBack: HelpListing.HeldBack?
        var usages: [HelpListing.Usage]?

        enum CodingKeys: String, CodingKey {
            case path, here, everywhere, usages
            case heldBack = "held_back"
        }

        init(_ listing: HelpListing) {
            switch listing {
            case .page(let path, let here, let everywhere, let heldBack):
                (self.path, self.here, self.everywhere, self.heldBack) = (path, here, everywhere, heldBack)
            case .command(let usages):
                self.usages = usages
            }
        }
    }

    struct Profile: Encodable {
        let name: String
        let joinedAt: Date?
        let sharedRooms: [Int]

        enum CodingKeys: String, CodingKey {
            case name
            case joinedAt = "joined_at"
            case sharedRooms = "shared_rooms"
        }
    }

    struct Invitations: Encodable {
        let invitations: [Invitation]
    }

    struct Posts: Encodable {
        let posts: [Project]
    }

    struct Post: Encodable {
        let post: Project
    }

    struct Rooms: Encodable {
        let rooms: [RoomSummary]
    }

    struct RoomHeader: Encodable {
        let room: Room
        let hasOlder: Bool

        enum CodingKeys: String, CodingKey {
            case room
            case hasOlder = "has_older"
        }
    }

    struct Count: Encodable {
        let count: Int
    }

    struct Members: Encodable {
        let room: Room
        /// Absent where the store can not say who is connected.
        let online: [String]?
    }

    /// A change to a room or to who is logged in: its name, and who and what it is about.
    struct Change: Encodable {
        let change: String
        let user: User?
        let room: Room?
    }

    /// A room's notice, and for `/notice` who has read it (`read_by`) and who not (`not_yet`).
    struct PinnedNotice: Encodable {
        let roomID: Int
        let text: String
        let writer: User
        let pinnedAt: Date
        var readBy: [User]?
        var notYet: [User]?

        enum CodingKeys: String, CodingKey {
            case text, writer
            case roomID = "room_id"
            case pinnedAt = "pinned_at"
            case readBy = "read_by"
            case notYet = "not_yet"
        }

        init(_ notice: RoomNotice, room: Room, readers: Bool) {
            (roomID, text, writer, pinnedAt) = (room.id, notice.text, notice.writer, notice.pinnedAt)
            if readers { (readBy, notYet) = (notice.readBy, notice.notYet(in: room)) }
        }
    }

    struct Readers: Encodable {
        let id: Int
        let readBy: [User]
        let notYet: [User]

        enum CodingKeys: String, CodingKey {
            case id
            case readBy = "read_by"
            case notYet = "not_yet"
        }
    }

    struct Read: Encodable {
        let reader: User
        let id: Int
        let unread: Int
    }

    struct PostChangeLine: Encodable {
        let change: String
        let id: Int
    }

    /// Absent `user`: a guest.
    struct Identity: Encodable {
        let user: User?
    }

    struct Failure: Encodable {
        let code: String
        let message: String
    }
}
