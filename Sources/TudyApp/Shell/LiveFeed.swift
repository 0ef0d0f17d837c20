import Foundation
import TudyCore

/// The logged-in user's store changes as they happen: kept until the session shows them,
/// and a wake-up for whoever waits for one (`/wait`, a person at the prompt).
@MainActor
final class LiveFeed {
    /// The most changes kept unshown; a script that never waits does not grow without end.
    static let pendingLimit = 10_000

    private let store: any ChatStore
    private let sleep: @Sendable (Duration) async throws -> Void
    private var following: Session?
    /// Set while a stream is being asked for, so that two follows do not both start one.
    private var isStarting = false
    /// Set when the stream being read ended on its own; its task then follows again.
    private var streamEnded = false
    private var reading: Task<Void, Never>?
    private var reportingConnection: Task<Void, Never>?
    private var waiters: [UUID: CheckedContinuation<Bool, Never>] = [:]
    /// What arrived and was not taken yet, oldest first.
    private(set) var pending: [LiveNews] = []
    /// How many changes have arrived: a mark taken before looking at the store, so that a
    /// change that comes while looking is not slept through.
    private(set) var arrivals = 0
    /// Called when a change arrives, on the main actor.
    var onArrival: (() -> Void)?
    /// At a terminal, what a wait does with the keys typed meanwhile: shown (true) while it
    /// waits for a change, held (false) while it prints what came.
    var showsTypingWhileWaiting: (@MainActor (_ shown: Bool) async -> Void)?
    /// Changes each time the stream may have left something out: a new stream, changes
    /// dropped unshown, a stream that ended. A room read to its end while this stayed the same
    /// may show what the stream brings as it comes; otherwise it reads by key.
    private(set) var epoch = 0
    /// The rooms the stream brought a message of, or brought the user into, since
    /// `takeRoomsWithNews` was last called, whoever took the changes themselves: where to look
    /// for news without reading every room.
    private var roomsWithNews: Set<Int> = []
    /// Whether the store is away (its connection lost, or its server's database down), so
    /// that what is sent waits for it.
    private(set) var storeIsAway = false
    /// In each room, the newest message a look at the list of rooms printed from the store
    /// (`/wait` there): the stream's copy of it, arriving after, is not printed again.
    private var printedThrough: [Int: Int] = [:]

    /// - Parameter sleep: how a wait's time-out passes; tests make it immediate.
    init(store: any ChatStore, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.store = store
        self.sleep = sleep
        // A guest is told of a lost connection too, so it is not a session's change.
        if let reports = store.connectionReports() {
            reportingConnection = Task { [weak self] in
                for await report in reports {
                    self?.storeIsAway = report.isAway
                    self?.arrive(.connection(report))
                }
            }
        }
    }

    isolated deinit {
        reading?.cancel()
        reportingConnection?.cancel()
    }

    /// How long the feed waits before it follows a stream that ended again.
    static let followAgainPause = Duration.milliseconds(200)

    /// Follows the changes of a session's user from now on, or nobody's; another session starts
    /// afresh. For the same session it does nothing, unless the stream ended: then it follows again.
    func follow(_ session: Session?) async {
        if session == following, session == nil || (reading != nil && !streamEnded) || isStarting { return }
        reading?.cancel()
        reading = nil
        streamEnded = false
        if session != following {
            // What the connection said still stands; a stream of the last session that ended
            // (its logout ends it) is no news to the next.
            pending = pending.filter(\.isConnectionReport)
            following = session
            printedThrough = [:]
        }
        epoch += 1
        guard let session else { return }
        isStarting = true
        defer { isStarting = false }
        guard let stream = try? await store.changes(for: session), following == session else { return }
        reading = Task { [weak self] in
            for await change in stream { self?.arrive(.change(change)) }
            // Ended by the store, not by a new follow: the person is told, and it is followed
            // again as the notice is shown, or after a pause in any case.
            guard !Task.isCancelled, let self else { return }
            self.streamEnded = true
            self.epoch += 1
            // A stream ends with its session: then the person is told so, not that it is
            // followed again.
            if await self.hasEnded(session) {
                guard !Task.isCancelled else { return }
                return self.arrive(.sessionEnded)
            }
            guard !Task.isCancelled else { return }
            self.arrive(.streamEnded)
            // After a pause, so that a store whose stream keeps ending is not asked without end.
            try? await self.sleep(Self.followAgainPause)
            guard !Task.isCancelled, self.streamEnded else { return }
            // From a task of its own: following again cancels this one.
            Task { await self.resumeFollowing() }
        }
    }

    /// Whether the store says the session is over; a store that can not say now (away) is
    /// taken to hold it still.
    private func hasEnded(_ session: Session) async -> Bool {
        do {
            _ = try await store.resume(session.token)
            return false
        } catch StoreError.sessionEnded {
            return true
        } catch {
            return false
        }
    }

    /// Follows again if the stream of the one followed has ended.
    func resumeFollowing() async {
        await follow(following)
    }

    /// Whether every change of `session`'s user from now on comes through this feed.
    func brings(_ session: Session) -> Bool {
        following == session && reading != nil && !streamEnded
    }

    /// A room's timer may have moved on (`RoomAlarms`): said with the other news.
    func timerDue() {
        arrive(.timerDue)
    }

    private func arrive(_ news: LiveNews) {
        arrivals += 1
        switch news {
        case .change(.message(let message)): roomsWithNews.insert(message.roomID)
        case .change(.joined(let room)): roomsWithNews.insert(room.id)
        default: break
        }
        pending.append(news)
        if pending.count > Self.pendingLimit {
            pending.removeFirst(pending.count - Self.pendingLimit)
            epoch += 1
        }
        let woken = waiters
        waiters = [:]
        woken.values.forEach { $0.resume(returning: true) }
        onArrival?()
    }

    /// Takes the connection's reports that arrived, oldest first, and leaves the rest.
    func takeConnectionReports() -> [LiveNews] {
        let reports = pending.filter(\.isConnectionReport)
        pending.removeAll(where: \.isConnectionReport)
        return reports
    }

    /// Takes the rooms the stream brought news of since the last call; they are told within
    /// `epoch`, so a caller that saw the epoch change reads every room instead.
    func takeRoomsWithNews() -> Set<Int> {
        defer { roomsWithNews = [] }
        return roomsWithNews
    }

    /// Notes that a look at the store printed the messages of room `roomID` up to `id`.
    func notePrinted(upTo id: Int, in roomID: Int) {
        printedThrough[roomID] = max(printedThrough[roomID] ?? 0, id)
    }

    /// Whether a look at the store printed `message` already: ids grow within a room, and a
    /// look prints a room's messages up to its newest with no gap.
    func wasPrinted(_ message: Message) -> Bool {
        message.id <= printedThrough[message.roomID] ?? 0
    }

    /// Takes all news that arrived, oldest first.
    func takeAll() -> [LiveNews] {
        defer { pending = [] }
        return pending
    }

    /// Waits for news: `look` is asked, and asked again after each change that arrives, until
    /// it finds some. The whole wait lasts `seconds` at most, a reconnection included: an outage
    /// while looking is waited through, since the connection's return arrives as a change.
    /// - Returns: false when the time ran out.
    /// - Throws: `CancellationError` when the task waiting is cancelled (Ctrl-C at a terminal).
    func waitForNews(seconds: Int, look: () async throws -> Bool) async throws -> Bool {
        let limit = WaitLimit()
        let sleep = self.sleep
        let timer = Task { [weak self] in
            try? await sleep(.seconds(seconds))
            limit.isOver = true
            if let id = limit.waiter { self?.timeOut(id) }
        }
        defer { timer.cancel() }
        while true {
            let mark = arrivals
            do {
                if try await look() { return true }
            } catch where Outage.matches(error) {
                // Looked again once the connection (or the server's database) is back.
            }
            try Task.checkCancellation()
            await showsTypingWhileWaiting?(true)
            let changed = await waitForChange(after: mark, within: limit)
            await showsTypingWhileWaiting?(false)
            guard changed else {
                try Task.checkCancellation()
                return false
            }
        }
    }

    /// Waits until a change has arrived after the mark `arrivals` gave, or `limit` is over;
    /// false then.
    private func waitForChange(after mark: Int, within limit: WaitLimit) async -> Bool {
        guard arrivals == mark else { return true }
        guard !limit.isOver else { return false }
        let id = UUID()
        limit.waiter = id
        return await withTaskCancellationHandler {
            await withCheckedContinuation { waiters[id] = $0 }
        } onCancel: {
            // Ends the wait as its time running out would; the caller then sees the cancellation.
            Task { @MainActor [weak self] in self?.timeOut(id) }
        }
    }

    private func timeOut(_ id: UUID) {
        waiters.removeValue(forKey: id)?.resume(returning: false)
    }
}

/// The time limit of one wait for news, over all its parts.
@MainActor
private final class WaitLimit {
    var isOver = false
    /// The part waiting now, woken with `false` when the time runs out.
    var waiter: UUID?
}
