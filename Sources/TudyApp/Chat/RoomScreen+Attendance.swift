import Foundation
import TudyCore

/// Who comes to the room's sessions (`/checkin`, `/checkout`, `/attendance`).
extension RoomScreen {
    /// `/checkin`: to the meeting whose check-in is open now.
    func checkIn(for session: Session) async throws {
        let (held, meeting) = try await openMeeting(for: session)
        let record = try await context.store.checkIn(to: held.id, meeting: meeting, in: room.id, by: session)
        context.console.show(.checkedIn(record))
    }

    /// `/checkout`: of the meeting checked in to, whose check-in is open now.
    func checkOut(for session: Session) async throws {
        let (held, meeting) = try await openMeeting(for: session)
        let record = try await context.store.checkOut(of: held.id, meeting: meeting, in: room.id, by: session)
        context.console.show(.checkedOut(record))
    }

    /// `/attendance`: the roll of the meetings that began in the last `weeks` weeks.
    func showAttendance(weeks: Int, for session: Session) async throws {
        try await readRoomAgain(for: session)
        let now = context.clock.now()
        let since = now.addingTimeInterval(-TimeInterval(weeks) * 7 * 86_400)
        let records = try await context.store.attendance(in: room.id, since: since, for: session)
        let roll = AttendanceRoll(room: room, records: records, weeks: weeks, now: now, utcOffset: context.console.format.utcOffset)
        context.console.show(.attendanceRoll(roll, room: room))
    }

    private func openMeeting(for session: Session) async throws -> (StudySession, Date) {
        try await readRoomAgain(for: session)
        guard let open = Attendance.openMeeting(in: room, at: context.clock.now(), utcOffset: context.console.format.utcOffset) else {
            throw CommandError.noMeetingNear
        }
        return (open.session, open.meeting)
    }
}
