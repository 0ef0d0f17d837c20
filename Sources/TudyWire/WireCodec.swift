import Foundation
import TudyCore

/// Turns requests and frames into JSON text and back, the same way at both ends.
/// Times travel as seconds since 1970 (UTC), which needs no date formatter; keys are sorted.
package struct WireCodec: Sendable {
    /// The protocol a client and server speak; the first exchange (`hello`) checks it.
    /// Version 2: a connection signs in once, and its requests carry no token.
    package static let version = 2

    /// What a server can do beyond its version's operations, said in its `hello` reply: a
    /// client asks a server that does not say a feature for nothing that needs it.
    package enum Feature: String, Codable, Sendable, CaseIterable {
        /// `send` takes a `kind` (`action`, for `/me`), and messages carry theirs.
        case messageKinds = "message_kinds"
        /// `send` takes a `reply_to` (`/reply`), and a reply carries the message it answers.
        case replies
        /// `join_post` and `kick` (`/join`, `/kick`); a post carries `members` and `room_id`,
        /// a room its `name` and `project_id`.
        case studyRooms = "study_rooms"
        /// `rename_room` and `set_topic` (`/rename`, `/topic`); a room carries its `topic`,
        /// and a change of either is told as `members_changed` is, the room as it is now.
        case roomTopics = "room_topics"
        /// `react` (`/react`), its emoji in `text`; a message carries its `reactions`, and a
        /// change of them is told as an edit is.
        case reactions
        /// `mute`, `unmute` (`room_id`), `ignore`, `unignore` (`name`) and `quiet`, whose
        /// reply lists `muted_rooms` and the `names` ignored.
        case quiet
        /// `read_marks` (`room_id`), whose reply lists how far each member read the room
        /// (`read_marks`), and the change `read`: a member's mark moved (`/seen`, the count of
        /// who has not read a message yet).
        case readCounts = "read_counts"
        /// `pin_notice` (`room_id`, `text`; empty takes it down) and `read_notice` (`room_id`)
        /// (`/notice`); a room carries its `notice` with who has `read_by` it, and a change of
        /// either is told as `members_changed` is.
        case notices
        /// `set_timer` (`room_id`, and `timer`: `focus_minutes`, `break_minutes`, `rounds`;
        /// none stops it) (`/timer`); a room carries its `timer` with `started_at` and
        /// `started_by`, and a change of it is told as `members_changed` is.
        case timers
        /// `add_session` (`room_id`, `at`, `minutes`, `weekly`), `cancel_session` (`room_id`,
        /// `session_id`) and `answer_session` (`room_id`, `session_id`, the meeting's start in
        /// `at`, `yes`, `no` or `maybe` in `text`) (`/session`, `/rsvp`); a room carries its
        /// `sessions` with their `answers`, and a change of them is told as `members_changed` is.
        case sessions
        /// `check_in` and `check_out` (`room_id`, `session_id`, the meeting's start in `at`),
        /// each replying with the user's record in `attendance`, and `attendance` (`room_id`,
        /// meetings from `at` on), replying with every member's (`/checkin`, `/attendance`).
        case attendance
        /// `presence` (`room_id`), whose reply lists in `names` the room's members connected
        /// to this server now (`/members`).
        case presence
        /// `check_name` (`name`), answered before signing in too: an error `invalid_name` or
        /// `name_taken`, or a plain reply when the name is free, so that `/signup` refuses a
        /// taken name before it asks for a password.
        case nameCheck = "name_check"
        /// An `invite` of someone who shares no group room with the inviter asks them
        /// (`asked` in the reply; `room` is without them); `invitations` lists those waiting
        /// for the user, `accept_invitation` and `decline_invitation` (`invitation_id`)
        /// answer one.
        case invitations
    }
    /// The largest request a server accepts: 64 KiB, room for a message of any text tudy sends.
    package static let maximumFrameSize = 64 * 1024
    /// The largest frame a client accepts, and the largest reply a server sends: 64 MiB. A
    /// reply holds what other people wrote (a page of up to 1,000 messages, each as long as a
    /// request can carry, the board's posts, every name), so it may be far longer than a
    /// request; a server refuses to send one longer (`reply_too_large`).
    package static let maximumReplySize = 64 * 1024 * 1024
    /// The WebSocket close code (one of those kept for applications) of a connection whose
    /// session was logged out: its client does not reconnect, since its session is over.
    package static let sessionEndedCloseCode = 4001

    package init() {}

    package func encode<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        // One value, one text: the server keys replies by a request's text.
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The text `encode` gives for a frame that pushes a change to `subscription`, made from
    /// the change's own JSON (`encode` of its `WireChange`) without encoding it again: the keys
    /// in their sorted order, nothing else set.
    package static func changeFrame(change json: String, subscription: Int) -> String {
        #"{"change":"# + json + #","subscription":"# + String(subscription) + #","type":"change"}"#
    }

    package func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws -> Value {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(type, from: Data(text.utf8))
    }
}
