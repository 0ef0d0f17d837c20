import Foundation
import TudyCore

/// The focus/break timers of the user's rooms (`/timer`), as this client last knew them, and
/// the alarm set for the next change of phase of any: at it, the live feed is told the clock
/// has news (`LiveNews.timerDue`), and each timer that moved on is said in one line. Nothing
/// ticks in between.
@MainActor
final class StudyTimers {
    /// What a timer did, to be said.
    enum News: Equatable {
        /// It is in this phase now (started, or moved on).
        case phase(StudyTimer.Phase, timer: StudyTimer, room: Room)
        /// Someone stopped it.
        case stopped(room: Room)
    }

    private struct Watched {
        var room: Room
        var phase: StudyTimer.Phase
    }

    private let clock: WallClock
    private let sleep: @Sendable (Duration) async throws -> Void
    /// Told when the alarm goes off.
    var due: @MainActor () -> Void = {}
    /// Whether alarms are set at all: for a person at a terminal, not for a script.
    var isArmed = false {
        didSet { reschedule() }
    }
    private var watched: [Int: Watched] = [:]
    private var alarm: (at: Date, task: Task<Void, Never>)?

    init(clock: WallClock, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.clock = clock
        self.sleep = sleep
    }

    /// The rooms as a read of the store gave them: a timer not known yet is taken in as it is,
    /// unsaid (a client that starts mid-cycle knows where it is; `/timer` tells it).
    func read(_ rooms: [Room]) {
        for room in rooms where watched[room.id]?.room.timer != room.timer || room.timer == nil {
            _ = take(room, saying: false)
        }
    }

    /// A room as a change or the user's own command left it; what to say of its timer.
    func take(_ room: Room, saying: Bool) -> [News] {
        defer { reschedule() }
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
        reschedule()
    }

    /// Every timer whose phase changed since it was last said, in its phase now: one line
    /// each, however many phases went by unseen.
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
        return news
    }

    /// The timer of a room as last known, with its phase now.
    func phase(of room: Room) -> StudyTimer.Phase? {
        room.timer?.phase(at: clock.now())
    }

    /// Sets the alarm for the soonest change of phase, if it is not set for it already.
    private func reschedule() {
        let next = isArmed ? watched.values.map(\.phase.endsAt).min() : nil
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
