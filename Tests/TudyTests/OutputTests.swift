import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// What happened, as `Output` values: each says its line in text, and in `--json` an object
/// whose fields tell a program what happened, valid against `output.schema.json`. The golden
/// transcripts show most of them in a session; these are every case, live ones included.
@MainActor
@Suite("Output values")
struct OutputTests {
    static let alice = User(name: "alice")
    static let bob = User(name: "bob")
    static let group = Room(id: 4, kind: .group, members: [alice, bob], name: "Swift study", topic: "chapter 3")
    static let notice = RoomNotice(text: "Bring chapter 3", writer: alice, pinnedAt: Date(timeIntervalSince1970: 1_800_000_000), readBy: [alice])
    static let timer = StudyTimer(
        plan: StudyTimer.Plan(focusMinutes: 50, breakMinutes: 10, rounds: 4), startedAt: Date(timeIntervalSince1970: 1_795_770_000),
        startedBy: alice)
    static let meeting = SessionSummary(
        session: StudySession(
            id: 1, startsAt: Date(timeIntervalSince1970: 1_795_860_000), minutes: 120, isWeekly: true, createdBy: alice,
            answers: [StudySession.Answer(user: bob, reply: .yes, occurrence: Date(timeIntervalSince1970: 1_795_860_000))]),
        meeting: Date(timeIntervalSince1970: 1_795_860_000), room: group, places: 4)
    static let record = AttendanceRecord(
        sessionID: 1, meeting: Date(timeIntervalSince1970: 1_795_860_000), user: bob, checkedInAt: Date(timeIntervalSince1970: 1_795_860_420),
        checkedOutAt: Date(timeIntervalSince1970: 1_795_863_600))
    static let pinned = {
        var room = group
        room.notice = notice
        return room
    }()

    /// Each value, with the line text shows for it and the JSON fields that say what happened.
    static let cases: [(Output, text: String, fields: [String: String])] = [
        (.roomHeader(group, viewer: alice, hasOlder: true), "Swift study · alice, bob · topic: chapter 3 · /more for older",
         ["type": "room", "has_older": "1"]),
        (.unreadMarker(count: 3), "── 3 new ──", ["type": "unread_marker", "count": "3"]),
        (.members(group, online: ["bob"]), "alice, bob (online)", ["type": "members"]),
        (.members(group, online: nil), "alice, bob", ["type": "members"]),
        (.roomChange(.joined(bob), room: group, viewer: alice), "bob joined · alice, bob", ["type": "room_change", "change": "joined"]),
        (.roomChange(.left(bob), room: group, viewer: alice), "bob left · alice, bob", ["type": "room_change", "change": "left"]),
        (.roomChange(.invited(bob), room: group, viewer: alice), "bob joined Swift study · alice, bob",
         ["type": "room_change", "change": "invited"]),
        (.roomChange(.removed(bob), room: group, viewer: alice), "you took bob out of Swift study · alice, bob",
         ["type": "room_change", "change": "removed"]),
        (.roomChange(.named("Swift study"), room: group, viewer: alice), "── the room is named Swift study now ──",
         ["type": "room_change", "change": "named"]),
        (.roomChange(.topic("chapter 3"), room: group, viewer: alice), "── topic: chapter 3 ──", ["type": "room_change", "change": "topic"]),
        (.roomChange(.topic(nil), room: group, viewer: alice), "── no topic now ──", ["type": "room_change", "change": "topic"]),
        (.roomChange(.madeGroup, room: group, viewer: alice), "made group #4 with alice, bob", ["type": "room_change", "change": "made_group"]),
        (.roomChange(.broughtIn, room: group, viewer: alice), "you are in #4 Swift study now · alice, bob",
         ["type": "room_change", "change": "brought_in"]),
        (.roomChange(.userLeft, room: group, viewer: alice), "you left Swift study", ["type": "room_change", "change": "user_left"]),
        (.roomChange(.userIsOut, room: group, viewer: alice), "you are no longer in Swift study: back at the rooms list",
         ["type": "room_change", "change": "user_is_out"]),
        (.roomChange(.muted(true), room: group, viewer: alice), "muted Swift study: no notices or bell from it; /unmute undoes it",
         ["type": "room_change", "change": "muted"]),
        (.roomChange(.muted(false), room: group, viewer: alice), "Swift study is heard again", ["type": "room_change", "change": "unmuted"]),
        (.roomChange(.pinned(notice), room: pinned, viewer: bob), "── alice pinned a notice: Bring chapter 3 ──",
         ["type": "room_change", "change": "pinned"]),
        (.roomChange(.unpinned, room: group, viewer: bob), "── the notice was taken down ──", ["type": "room_change", "change": "unpinned"]),
        (.roomChange(.noticeRead(bob), room: pinned, viewer: alice), "── bob read the notice · not yet: bob ──",
         ["type": "room_change", "change": "notice_read"]),
        (.pinnedNotice(notice, room: pinned, readers: false), "notice · alice: Bring chapter 3", ["type": "pinned_notice", "room_id": "4"]),
        (.pinnedNotice(notice, room: pinned, readers: true), "notice · alice: Bring chapter 3\nread by alice · not yet: bob",
         ["type": "pinned_notice", "room_id": "4"]),
        (.timerPhase(.focus(round: 1, endsAt: timer.startedAt + 3000), timer: timer, room: group, viewer: alice, minutesLeft: nil),
         "── Swift study: focus 1 of 4, 50 min, until 09:50 ──", ["type": "timer", "phase": "focus", "round": "1"]),
        (.timerPhase(.rest(round: 2, endsAt: timer.startedAt + 7200), timer: timer, room: group, viewer: alice, minutesLeft: 3),
         "break 2 of 4 · 3 min left, until 11:00 · 50/10 x4, started by alice at 09:00", ["type": "timer", "phase": "break", "minutes_left": "3"]),
        (.timerPhase(.done(at: timer.startedAt + 13800), timer: timer, room: group, viewer: alice, minutesLeft: nil),
         "── Swift study: the timer is done: 4 rounds of 50 min, ended 12:50 ──", ["type": "timer", "phase": "done"]),
        (.timerStopped(room: group, viewer: alice, byUser: false), "── Swift study: the timer was stopped ──", ["type": "timer_stopped", "room_id": "4"]),
        (.timerStopped(room: group, viewer: alice, byUser: true), "timer stopped", ["type": "timer_stopped", "room_id": "4"]),
        (.sessions([meeting], room: group), "#1 Sat 11-28 10:00–12:00 weekly · going 1/4", ["type": "sessions", "room_id": "4"]),
        (.sessions([], room: group), "no sessions to come: /session sat 10:00 for 2h weekly adds one", ["type": "sessions"]),
        (.sessionAnswers(meeting, room: group), "#1 Sat 11-28 10:00 · yes: bob · not yet: alice", ["type": "sessions"]),
        (.sessionChange(.added(by: alice), meeting, room: group), "── alice added session #1: Sat 11-28 10:00–12:00 weekly ──",
         ["type": "session_change", "change": "added"]),
        (.sessionChange(.answered(bob, .yes), meeting, room: group), "── bob is going to #1, Sat 11-28 10:00 · going 1/4 ──",
         ["type": "session_change", "change": "answered", "reply": "yes"]),
        (.reminder(meeting, room: group, viewer: alice, minutes: 10),
         "── reminder: Swift study meets in 10 min, Sat 11-28 10:00–12:00 weekly (session #1) ──", ["type": "reminder", "minutes": "10"]),
        (.checkedIn(record), "checked in to #1, Sat 11-28 10:00: 7 min late", ["type": "attendance_record", "minutes_late": "7"]),
        (.checkedOut(record), "checked out of #1, Sat 11-28 10:00, after 53 min", ["type": "attendance_record", "minutes_stayed": "53"]),
        (.sessionChange(.cancelled, meeting, room: group), "── session #1 (Sat 11-28 10:00–12:00 weekly) was cancelled ──",
         ["type": "session_change", "change": "cancelled"]),
        (.readers(messageID: 7, readBy: [bob], notYet: []), "#7 read by bob · everyone has", ["type": "readers", "id": "7"]),
        (.readers(messageID: 7, readBy: [], notYet: [bob]), "#7 read by nobody yet · not yet: bob", ["type": "readers", "id": "7"]),
        (.readReceipt(reader: bob, messageID: 7, unread: 0), "── bob read #7 · read by all ──", ["type": "read", "id": "7", "unread": "0"]),
        (.readReceipt(reader: bob, messageID: 7, unread: 2), "── bob read #7 · 2 unread ──", ["type": "read", "id": "7", "unread": "2"]),
        (.postChange(.posted, postID: 2), "posted #2", ["type": "post_change", "change": "posted", "id": "2"]),
        (.postChange(.saved, postID: 2), "saved #2", ["type": "post_change", "change": "saved", "id": "2"]),
        (.postChange(.deleted, postID: 2), "deleted post #2", ["type": "post_change", "change": "deleted", "id": "2"]),
        (.postChange(.opened(true), postID: 2), "post #2 is open now", ["type": "post_change", "change": "opened", "id": "2"]),
        (.postChange(.opened(false), postID: 2), "post #2 is closed now", ["type": "post_change", "change": "closed", "id": "2"]),
        (.account(.signedUp, user: alice), "signed up and logged in as alice", ["type": "account", "change": "signed_up"]),
        (.account(.loggedIn, user: alice), "logged in as alice", ["type": "account", "change": "logged_in"]),
        (.account(.loggedOut, user: alice), "logged out alice", ["type": "account", "change": "logged_out"]),
        (.identity(alice), "alice", ["type": "identity"]),
        (.identity(nil), "guest", ["type": "identity"]),
    ]

    @Test("each value is one line of text, as tudy has always said it")
    func text() {
        for (value, text, _) in Self.cases {
            let output = RecordingOutput()
            Console(output: output).show(value)
            #expect(output.standardOutput == text + "\n")
        }
    }

    @Test("each value is one JSON object in --json, its fields saying what happened, valid against output.schema.json")
    func json() throws {
        var lines = ""
        for (value, _, fields) in Self.cases {
            let output = RecordingOutput()
            Console(output: output, json: true).show(value)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
            for (key, expected) in fields {
                #expect(object[key].map { "\($0)" } == expected, "\(key) of \(output.standardOutput)")
            }
            lines += output.standardOutput
        }
        let file = try TemporaryDirectory.make().appendingPathComponent("outputs.jsonl")
        try lines.write(to: file, atomically: true, encoding: .utf8)
        let (valid, report) = try OutputSchema.check([file.path])
        #expect(valid, "\(report)")
        #expect(report == "\(Self.cases.count)")
    }

    @Test("in JSON a change about someone names them, and a room is whole: who is in it, its name and topic")
    func fieldsOfAChange() throws {
        let output = RecordingOutput()
        Console(output: output, json: true).show(.roomChange(.joined(Self.bob), room: Self.group, viewer: Self.alice))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(output.standardOutput.utf8)) as? [String: Any])
        #expect((object["user"] as? [String: Any])?["name"] as? String == "bob")
        let room = try #require(object["room"] as? [String: Any])
        #expect(room["id"] as? Int == 4)
        #expect(room["name"] as? String == "Swift study")
        #expect(room["topic"] as? String == "chapter 3")
        #expect((room["members"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["alice", "bob"])
    }
}
