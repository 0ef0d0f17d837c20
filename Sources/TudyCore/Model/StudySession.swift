import Foundation

/// A meeting a study group holds, kept with its room (`/session sat 10:00 for 2h weekly`):
/// once, or every week until cancelled, with who is coming to each time it meets.
public struct StudySession: Equatable, Sendable, Codable {
    /// An answer to `/rsvp`.
    public enum Reply: String, Equatable, Sendable, Codable, CaseIterable {
        case yes, no, maybe
    }

    /// Someone's answer for one meeting of the session.
    package struct Answer: Equatable, Sendable, Codable {
        package let user: User
        package let reply: Reply
        /// The start of the meeting it answers.
        package let occurrence: Date

        package init(user: User, reply: Reply, occurrence: Date) {
            (self.user, self.reply, self.occurrence) = (user, reply, occurrence)
        }
    }

    /// The most sessions a room keeps at once: one that is over and not weekly makes room.
    package static let perRoomLimit = 20
    /// The longest a meeting lasts, in minutes.
    package static let longestMinutes = 12 * 60
    /// How long a meeting lasts when nobody says (`for 2h`), in minutes.
    package static let usualMinutes = 120
    private static let week: TimeInterval = 7 * 86_400

    package let id: Int
    /// When it first meets.
    package let startsAt: Date
    package let minutes: Int
    package let isWeekly: Bool
    package let createdBy: User
    /// The answers for its meetings still to come, in the order given.
    package var answers: [Answer]

    enum CodingKeys: String, CodingKey {
        case id, minutes, answers
        case startsAt = "starts_at"
        case isWeekly = "weekly"
        case createdBy = "created_by"
    }

    package init(id: Int, startsAt: Date, minutes: Int, isWeekly: Bool, createdBy: User, answers: [Answer] = []) {
        (self.id, self.startsAt, self.minutes, self.isWeekly, self.createdBy, self.answers) = (id, startsAt, minutes, isWeekly, createdBy, answers)
    }

    /// The start of its `index`th meeting (0: the first), at the same local time of day in the
    /// zone `utcOffset` gives, daylight saving or not.
    package func occurrence(_ index: Int, utcOffset: (Date) -> Int) -> Date {
        guard index > 0 else { return startsAt }
        let first = CivilTime(startsAt, utcOffset: utcOffset(startsAt))
        let day = CivilTime(CivilTime(year: first.year, month: first.month, day: first.day).date().addingTimeInterval(TimeInterval(index) * Self.week))
        let local = CivilTime(year: day.year, month: day.month, day: day.day, hour: first.hour, minute: first.minute, second: first.second)
        return TypedTime.instant(of: local, utcOffset: utcOffset)
    }

    /// The start of the meeting that has not ended at `now`; nil for a session met and over.
    package func next(after now: Date, utcOffset: (Date) -> Int) -> Date? {
        let length = TimeInterval(minutes * 60)
        guard isWeekly else { return startsAt + length > now ? startsAt : nil }
        var index = max(0, Int(((now.timeIntervalSince(startsAt) - length) / Self.week).rounded(.down)))
        while occurrence(index, utcOffset: utcOffset) + length <= now { index += 1 }
        return occurrence(index, utcOffset: utcOffset)
    }

    /// The answers for the meeting that starts at `occurrence`.
    package func answers(for occurrence: Date) -> [Answer] {
        answers.filter { Self.isSameMeeting($0.occurrence, occurrence) }
    }

    /// Whether two starts name one meeting: within a millisecond, as a time that crossed a
    /// wire or a store's column is.
    package static func isSameMeeting(_ one: Date, _ other: Date) -> Bool {
        abs(one.timeIntervalSince(other)) < 0.001
    }

    /// Whether it is over at `now`, and will not meet again.
    package func isOver(at now: Date) -> Bool {
        !isWeekly && startsAt.addingTimeInterval(TimeInterval(minutes * 60)) <= now
    }

    /// Checks that `user` may add or cancel a room's sessions: any member of a group room; in
    /// a post's study room, only the post's writer; never in a 1:1 room.
    /// - Throws: `StoreError.sessionInDirectRoom`, `.onlyWriterSchedules`.
    package static func checkScheduling(by user: User, in room: Room, project: Project?) throws {
        guard room.kind == .group else { throw StoreError.sessionInDirectRoom(room.id) }
        guard let project, room.projectID == project.id else { return }
        guard project.writer.isNamed(user.name) else {
            throw StoreError.onlyWriterSchedules(projectID: project.id, writer: project.writer.name)
        }
    }

    /// Checks a new session: to come, of 1 minute to `longestMinutes`, in a room with fewer
    /// than `perRoomLimit` (counting only those not over at `now`).
    /// - Throws: `StoreError.invalidSession`, `.tooManySessions`.
    package static func checkNew(startsAt: Date, minutes: Int, in room: Room, now: Date) throws {
        guard (1...longestMinutes).contains(minutes) else {
            throw StoreError.invalidSession("a session lasts 1 minute to \(longestMinutes / 60) hours")
        }
        guard startsAt > now else { throw StoreError.invalidSession("that time is past: give one to come") }
        guard room.sessions.count(where: { !$0.isOver(at: now) }) < perRoomLimit else { throw StoreError.tooManySessions(room.id) }
    }

    /// Checks an answer: a meeting of this session still to come or under way, and a "yes"
    /// within a study room's capacity (`capacity`, which counts the writer, as a post does).
    /// - Throws: `StoreError.noSuchSession`, `.sessionFull`.
    package func checkAnswer(_ reply: Reply, by user: User, for occurrence: Date, capacity: Int?, now: Date) throws {
        let isMeeting = Self.isSameMeeting(occurrence, startsAt) || (isWeekly && occurrence > startsAt)
        guard isMeeting, occurrence.addingTimeInterval(TimeInterval(minutes * 60)) > now else { throw StoreError.noSuchSession(id) }
        guard reply == .yes, let capacity else { return }
        let coming = answers(for: occurrence).count { $0.reply == .yes && !$0.user.isNamed(user.name) }
        if coming >= capacity { throw StoreError.sessionFull(sessionID: id, capacity: capacity) }
    }
}
