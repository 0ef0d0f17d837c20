import Foundation
import TudyCore
import TudyTerminal

/// What in the user's rooms comes at a time, as this client last knew the rooms: each focus/
/// break timer's next change of phase (`/timer`), and each session's reminder (`/session`),
/// `reminderLead` before it meets, for a user who has not said no. One alarm is set for the
/// soonest; when it goes off the live feed is told the clock has news (`LiveNews.timerDue`),
/// and what came is said in one line each. Nothing ticks in between.
@MainActor
final class RoomAlarms {
    /// What came, to be said.
    enum News: Equatable {
        /// A timer is in this phase now (started, or moved on).
        case phase(StudyTimer.Phase, timer: StudyTimer, room: Room)
        /// Someone stopped a timer.
        case stopped(room: Room)
        /// A session meets soon, in so many minutes.
        case reminder(SessionSummary, room: Room, minutes: Int)
    }

    /// How long before a session meets its members are reminded.
    static let reminderLead: TimeInterval = 10 * 60

    private struct Watched {
        var room: Room
        var phase: StudyTimer.Phase
    }

    private let clock: WallClock
    private let utcOffset: @Sendable (Date) -> Int
    private let sleep: @Sendable (Duration) async throws -> Void
    /// Told when the alarm goes off.
    var due: @MainActor () -> Void = {}
    /// Who is logged in: nobody is reminded of a session they said no to.
    var viewer: @MainActor () -> User? = { nil }
    /// Whether alarms are set at all: for a person at a terminal, not for a script.
    var isArmed = false {
        didSet { reschedule() }
    }
    private var watched: [Int: Watched] = [:]
    /// The rooms that hold sessions, as last known.
    private var sessionRooms: [Int: Room] = [:]
    /// The meetings reminded of already (session id and start), each once.
    private var reminded: Set<String> = []
    private var alarm: (at: Date, task: Task<Void, Never>)?

    init(clock: WallClock, utcOffset: @escaping @Sendable (Date) -> Int, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.clock = clock
        self.utcOffset = utcOffset
        self.sleep = sleep
    }

    /// The rooms as a read of the store gave them: a timer not known yet is taken in as it is,
    /// unsaid (a client that starts mid-cycle knows where it is; `/timer` tells it).
    func read(_ rooms: [Room]) {
        for room in rooms {
            if watched[room.id]?.room.timer != room.timer || room.timer == nil { _ = take(room, saying: false) } else { note(room) }
        }
    }

    /// A room as a change or the user's own command left it; what to say of its timer.
    func take(_ room: Room, saying: Bool) -> [News] {
        defer { reschedule() }
        note(room)
        guard let timer = room.timer else {
            guard watched.removeValue(forKey: room.id) != nil else { return [] }
            return saying ? [.stopped(room: room)] : []
        }
        if watched[room.id]?.room.timer == timer {
            watched[room.id]?.room = room
            return []
        }
        let phase = timer.phase(at: clock.now())
        if case .done = phase {
            watched[room.id] = nil
            return []
        }
        watched[room.id] = Watched(room: room, phase: phase)
        return saying ? [.phase(phase, timer: timer, room: room)] : []
    }

    /// A room the user is no longer in.
    func forget(roomID: Int) {
        watched[roomID] = nil
        sessionRooms[roomID] = nil
        reschedule()
    }

    /// What came since it was last said: each timer whose phase changed, in its phase now (one
    /// line however many phases went by unseen), and each meeting now due to be reminded of.
    func moved() -> [News] {
        defer { reschedule() }
        let now = clock.now()
        var news: [News] = []
        for (roomID, entry) in watched.sorted(by: { $0.key < $1.key }) {
            guard let timer = entry.room.timer else { continue }
            let phase = timer.phase(at: now)
            guard phase != entry.phase else { continue }
            news.append(.phase(phase, timer: timer, room: entry.room))
            if case .done = phase { watched[roomID] = nil } else { watched[roomID]?.phase = phase }
        }
        for (room, session, meeting) in reminders() where meeting.addingTimeInterval(-Self.reminderLead) <= now && meeting > now {
            reminded.insert(Self.key(session, meeting))
            let minutes = Int((meeting.timeIntervalSince(now) / 60).rounded(.up))
            news.append(.reminder(SessionSummary(session: session, meeting: meeting, room: room, places: nil), room: room, minutes: minutes))
        }
        return news
    }

    /// The timer of a room as last known, with its phase now.
    func phase(of room: Room) -> StudyTimer.Phase? {
        room.timer?.phase(at: clock.now())
    }

    /// The sessions of a room as the user's own answer left them: a no is not reminded of.
    func noteSessions(of room: Room) {
        note(room)
        reschedule()
    }

    private func note(_ room: Room) {
        sessionRooms[room.id] = room.sessions.isEmpty ? nil : room
    }

    /// Each session's next meeting still to be reminded of, for a user who has not said no.
    private func reminders() -> [(Room, StudySession, Date)] {
        guard let viewer = viewer() else { return [] }
        let now = clock.now()
        return sessionRooms.values.sorted { $0.id < $1.id }.flatMap { room in
            room.sessions.compactMap { session -> (Room, StudySession, Date)? in
                guard let meeting = session.next(after: now, utcOffset: utcOffset), meeting > now,
                    !reminded.contains(Self.key(session, meeting)),
                    !session.answers(for: meeting).contains(where: { $0.user.isNamed(viewer.name) && $0.reply == .no })
                else { return nil }
                return (room, session, meeting)
            }
        }
    }

    private static func key(_ session: StudySession, _ meeting: Date) -> String {
        "\(session.id)@\(Int(meeting.timeIntervalSince1970))"
    }

    /// Sets the alarm for the soonest that comes, if it is not set for it already.
    private func reschedule() {
        let reminders = reminders().map { $0.2.addingTimeInterval(-Self.reminderLead) }
        let next = isArmed ? (watched.values.map(\.phase.endsAt) + reminders).min() : nil
        guard next != alarm?.at else { return }
        alarm?.task.cancel()
        alarm = nil
        guard let next else { return }
        let wait = max(0, next.timeIntervalSince(clock.now()))
        let sleep = sleep
        let task = Task { [weak self] in
            do {
                try await sleep(.milliseconds(Int((wait * 1000).rounded(.up))))
            } catch {
                return
            }
            guard let self, !Task.isCancelled else { return }
            self.alarm = nil
            self.due()
        }
        alarm = (next, task)
    }
}
