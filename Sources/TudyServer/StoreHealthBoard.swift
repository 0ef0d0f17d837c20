import Logging
import TudyCore

/// The store's health as the server last heard it, told to every connection that asks: one
/// reader of the store's reports, however many clients there are.
actor StoreHealthBoard {
    private(set) var current = StoreHealth.up
    private var watchers: [Int: AsyncStream<StoreHealth>.Continuation] = [:]
    private var nextWatcher = 0

    /// Keeps `current` as the store reports it, until the reports end.
    func follow(_ reports: AsyncStream<StoreHealth>, logger: Logger, metrics: ServerMetrics) async {
        for await health in reports where health != current {
            metrics.database(isUp: health == .up)
            switch health {
            case .up: logger.notice("the database is back: answering requests again")
            case .down(let reason): logger.warning("the database is gone: refusing requests until it is back", metadata: ["reason": "\(reason)"])
            }
            current = health
            watchers.values.forEach { $0.yield(health) }
        }
    }

    /// The health from now on: first as it is, when the store is down, then each change.
    func watch() -> AsyncStream<StoreHealth> {
        let id = nextWatcher
        nextWatcher += 1
        let (stream, continuation) = AsyncStream.makeStream(of: StoreHealth.self, bufferingPolicy: .bufferingNewest(10))
        if current != .up { continuation.yield(current) }
        continuation.onTermination = { [weak self] _ in Task { await self?.stopWatching(id) } }
        watchers[id] = continuation
        return stream
    }

    /// How long after a request fails for the database's loss the board may hear of it: the
    /// store reports a lost connection at once, and a silent one within 2 s.
    static let lossNoticeTime = Duration.seconds(3)

    /// Whether the store is down now or is reported down within `patience`.
    func isDown(within patience: Duration) async -> Bool {
        if case .down = current { return true }
        let changes = watch()
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await health in changes { if case .down = health { return true } }
                return false
            }
            group.addTask {
                try? await Task.sleep(for: patience)
                return false
            }
            let heard = await group.next() ?? false
            group.cancelAll()
            return heard
        }
    }

    private func stopWatching(_ id: Int) {
        watchers[id] = nil
    }
}
