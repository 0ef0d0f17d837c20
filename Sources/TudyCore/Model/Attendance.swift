import Foundation

/// One member's attendance at one meeting of a session (`/checkin`, `/checkout`).
public struct AttendanceRecord: Equatable, Sendable, Codable {
    package let sessionID: Int
    /// The start of the meeting.
    package let meeting: Date
    package let user: User
    package let checkedInAt: Date
    package var checkedOutAt: Date?

    enum CodingKeys: String, CodingKey {
        case meeting, user
        case sessionID = "session_id"
        case checkedInAt = "checked_in_at"
        case checkedOutAt = "checked_out_at"
    }

    package init(sessionID: Int, meeting: Date, user: User, checkedInAt: Date, checkedOutAt: Date? = nil) {
        (self.sessionID, self.meeting, self.user, self.checkedInAt, self.checkedOutAt) = (sessionID, meeting, user, checkedInAt, checkedOutAt)
    }

    /// Minutes after the start the member came; 0 within `Attendance.grace`.
    package var minutesLate: Int {
        let late = checkedInAt.timeIntervalSince(meeting)
        return late <= Attendance.grace ? 0 : Int((late / 60).rounded(.down))
    }

    /// Whole minutes between check-in and check-out; nil before a check-out.
    package var minutesStayed: Int? {
        checkedOutAt.map { max(0, Int(($0.timeIntervalSince(checkedInAt) / 60).rounded(.down))) }
    }
}

/// The rules of `/checkin` and the roll (`/attendance`), the same for every store.
package enum Attendance {
    /// How long before a meeting its check-in opens.
    package static let opensBefore: TimeInterval = 15 * 60
    /// How long after the start a check-in is on time (지각 after it).
    package static let grace: TimeInterval = 5 * 60
    /// The most weeks `/attendance` reads back; 4 unless asked.
    package static let longestRoll = 52
    package static let usualRoll = 4

    /// Checks that `now` is within a meeting's check-in: from `opensBefore` its start to its end.
    /// - Throws: `StoreError.noSuchSession` (no such meeting), `.checkInClosed`.
    package static func checkOpen(_ session: StudySession, meeting: Date, at now: Date) throws {
        let isMeeting = StudySession.isSameMeeting(meeting, session.startsAt) || (session.isWeekly && meeting > session.startsAt)
        guard isMeeting else { throw StoreError.noSuchSession(session.id) }
        let end = meeting.addingTimeInterval(TimeInterval(session.minutes * 60))
        guard now >= meeting.addingTimeInterval(-opensBefore), now < end else { throw StoreError.checkInClosed(session.id) }
    }

    /// The meeting of the room's sessions whose check-in is open at `now`, the soonest first.
    package static func openMeeting(in room: Room, at now: Date, utcOffset: (Date) -> Int) -> (session: StudySession, meeting: Date)? {
        room.sessions.compactMap { session -> (StudySession, Date)? in
            guard let meeting = session.next(after: now, utcOffset: utcOffset), now >= meeting.addingTimeInterval(-opensBefore) else { return nil }
            return (session, meeting)
        }.min { $0.1 < $1.1 }
    }
}

/// Each member's attendance over the meetings of a while (`/attendance`).
package struct AttendanceRoll: Equatable, Sendable {
    /// One member's counts and minutes.
    package struct Line: Equatable, Sendable, Encodable {
        package let user: User
        package var present = 0
        package var late = 0
        package var absent = 0
        package var minutes = 0
    }

    package let weeks: Int
    /// How many meetings began in those weeks.
    package let meetings: Int
    package let lines: [Line]

    /// The roll of `room`'s members over the meetings that began in the `weeks` before `now`.
    package init(room: Room, records: [AttendanceRecord], weeks: Int, now: Date, utcOffset: (Date) -> Int) {
        let since = now.addingTimeInterval(-TimeInterval(weeks) * 7 * 86_400)
        var held: [(session: Int, meeting: Date)] = []
        for session in room.sessions {
            var index = 0
            while true {
                let meeting = session.occurrence(index, utcOffset: utcOffset)
                guard meeting <= now, index < 1_000 else { break }
                if meeting >= since { held.append((session.id, meeting)) }
                if !session.isWeekly { break }
                index += 1
            }
        }
        self.weeks = weeks
        meetings = held.count
        lines = room.members.map { member in
            var line = Line(user: member)
            for meeting in held {
                let record = records.first {
                    $0.sessionID == meeting.session && StudySession.isSameMeeting($0.meeting, meeting.meeting) && $0.user.isNamed(member.name)
                }
                guard let record else {
                    line.absent += 1
                    continue
                }
                if record.minutesLate > 0 { line.late += 1 } else { line.present += 1 }
                line.minutes += record.minutesStayed ?? 0
            }
            return line
        }
    }
}
