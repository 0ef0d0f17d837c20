import Foundation
import TudyCore

/// A session as people see it: its next meeting, and who is coming to it.
package struct SessionSummary: Sendable, Equatable {
    package let session: StudySession
    /// The start of the meeting shown: the next one not over.
    package let meeting: Date
    /// How many places it has: a study room's post capacity; nil in a group room.
    package let places: Int?
    package let going: [User]
    package let maybe: [User]
    package let notGoing: [User]
    /// The members who have not answered for this meeting.
    package let notYet: [User]

    package init(session: StudySession, meeting: Date, room: Room, places: Int?) {
        (self.session, self.meeting, self.places) = (session, meeting, places)
        let answers = session.answers(for: meeting)
        func who(_ reply: StudySession.Reply) -> [User] { answers.filter { $0.reply == reply }.map(\.user) }
        (going, maybe, notGoing) = (who(.yes), who(.maybe), who(.no))
        notYet = room.members.filter { member in !answers.contains { $0.user.isNamed(member.name) } }
    }
}

/// What happened to a room's session, seen live.
package enum SessionChange: Sendable, Equatable {
    case added(by: User)
    case cancelled
    case answered(User, StudySession.Reply)

    /// Who it is about, and their reply.
    var person: User? {
        switch self {
        case .added(let user), .answered(let user, _): user
        case .cancelled: nil
        }
    }

    var reply: StudySession.Reply? {
        if case .answered(_, let reply) = self { reply } else { nil }
    }

    /// Its name in JSON's `change` field.
    var name: String {
        switch self {
        case .added: "added"
        case .cancelled: "cancelled"
        case .answered: "answered"
        }
    }
}

extension TextFormat {
    /// `#3 Sat 12-05 10:00–12:00 weekly · going 3/4 · maybe 1`
    func sessionLine(_ summary: SessionSummary) -> String {
        let session = summary.session
        let going = "going \(summary.going.count)" + (summary.places.map { "/\($0)" } ?? "")
        let maybe = summary.maybe.isEmpty ? "" : " · maybe \(summary.maybe.count)"
        return "#\(session.id) \(span(summary)) · \(going)\(maybe)"
    }

    /// `Sat 12-05 10:00–12:00 weekly`
    func span(_ summary: SessionSummary) -> String {
        let end = summary.meeting.addingTimeInterval(TimeInterval(summary.session.minutes * 60))
        return "\(meeting(summary.meeting))–\(time(end))" + (summary.session.isWeekly ? " weekly" : "")
    }

    /// `#3 Sat 12-05 10:00 · yes: alice, bob · maybe: carol · no: dave · not yet: erin`
    func sessionAnswers(_ summary: SessionSummary) -> String {
        let parts = [("yes", summary.going), ("maybe", summary.maybe), ("no", summary.notGoing), ("not yet", summary.notYet)]
            .filter { !$0.1.isEmpty }.map { "\($0.0): " + $0.1.map(\.name).joined(separator: ", ") }
        return (["#\(summary.session.id) \(meeting(summary.meeting))"] + parts).joined(separator: " · ")
    }

    /// `── alice added session #3: Sat 12-05 10:00–12:00 weekly ──`, `── bob is going to #3 … ──`
    func sessionChange(_ change: SessionChange, _ summary: SessionSummary) -> String {
        let id = summary.session.id
        let said = switch change {
        case .added(let user): "\(user.name) added session #\(id): \(span(summary))"
        case .cancelled: "session #\(id) (\(span(summary))) was cancelled"
        case .answered(let user, .yes): "\(user.name) is going to #\(id), \(meeting(summary.meeting)) · going \(summary.going.count)"
            + (summary.places.map { "/\($0)" } ?? "")
        case .answered(let user, .maybe): "\(user.name) may come to #\(id), \(meeting(summary.meeting))"
        case .answered(let user, .no): "\(user.name) is not going to #\(id), \(meeting(summary.meeting))"
        }
        return "── \(said) ──"
    }
}

extension JSONLines {
    /// A session with its next `meeting` and who answered for it.
    struct SessionItem: Encodable {
        let id: Int
        let meeting: Date
        let minutes: Int
        let weekly: Bool
        let places: Int?
        let going: [User]
        let maybe: [User]
        let notGoing: [User]
        let notYet: [User]

        enum CodingKeys: String, CodingKey {
            case id, meeting, minutes, weekly, places, going, maybe
            case notGoing = "not_going"
            case notYet = "not_yet"
        }

        init(_ summary: SessionSummary) {
            (id, meeting, minutes, weekly, places) =
                (summary.session.id, summary.meeting, summary.session.minutes, summary.session.isWeekly, summary.places)
            (going, maybe, notGoing, notYet) = (summary.going, summary.maybe, summary.notGoing, summary.notYet)
        }
    }

    /// `/sessions`: the room's `sessions`, the soonest first.
    struct Sessions: Encodable {
        let roomID: Int
        let sessions: [SessionItem]

        enum CodingKeys: String, CodingKey {
            case sessions
            case roomID = "room_id"
        }
    }

    /// A session meets in `minutes`.
    struct Reminder: Encodable {
        let roomID: Int
        let minutes: Int
        let session: SessionItem

        enum CodingKeys: String, CodingKey {
            case minutes, session
            case roomID = "room_id"
        }
    }

    /// A session added, cancelled or answered, seen live: the `change`, who, and the session.
    struct SessionChangeLine: Encodable {
        let roomID: Int
        let change: String
        let user: User?
        let reply: StudySession.Reply?
        let session: SessionItem

        enum CodingKeys: String, CodingKey {
            case change, user, reply, session
            case roomID = "room_id"
        }
    }
}
