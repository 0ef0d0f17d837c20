import Foundation
import TudyCore

extension TextFormat {
    /// `checked in to #1, Sat 11-28 10:00: on time`, `… 7 min late`
    func checkedIn(_ record: AttendanceRecord) -> String {
        "checked in to #\(record.sessionID), \(meeting(record.meeting)): " + (record.minutesLate == 0 ? "on time" : "\(record.minutesLate) min late")
    }

    /// `checked out of #1, Sat 11-28 10:00, after 95 min`
    func checkedOut(_ record: AttendanceRecord) -> String {
        "checked out of #\(record.sessionID), \(meeting(record.meeting)), after \(record.minutesStayed ?? 0) min"
    }
}

extension JSONLines {
    /// The user's attendance at a meeting, with how late and how long.
    struct AttendanceLine: Encodable {
        let record: AttendanceRecord
        let minutesLate: Int
        let minutesStayed: Int?

        enum CodingKeys: String, CodingKey {
            case record
            case minutesLate = "minutes_late"
            case minutesStayed = "minutes_stayed"
        }

        init(_ record: AttendanceRecord) {
            (self.record, minutesLate, minutesStayed) = (record, record.minutesLate, record.minutesStayed)
        }
    }

    /// `/attendance`: how many `meetings` began in `weeks`, and each member's line.
    struct Roll: Encodable {
        let roomID: Int
        let weeks: Int
        let meetings: Int
        let members: [AttendanceRoll.Line]

        enum CodingKeys: String, CodingKey {
            case weeks, meetings, members
            case roomID = "room_id"
        }
    }
}
