import Dispatch
import Foundation

/// The change watchers of one store, stopped and waited for before the store closes its own
/// connection. SQLite copies the write-ahead log into the file, and removes it, only when
/// the last connection to the file closes; a watcher's read-only connection left open would
/// leave the newest messages in the `-wal` file beside the store, out of a copy of the store.
final class StoreWatchers: @unchecked Sendable {
    /// One watcher's thread: told to end, it ends at its next look (50 ms at most), closes its
    /// connections and says it has ended.
    final class Stop: @unchecked Sendable {
        private let lock = NSLock()
        private var told = false
        private let ended = DispatchGroup()

        fileprivate init() { ended.enter() }

        /// Tells the thread to end, at its next look.
        func set() {
            lock.withLock { told = true }
        }

        /// Whether the thread was told to end.
        var isTold: Bool { lock.withLock { told } }

        fileprivate func threadEnded() { ended.leave() }

        fileprivate func waitUntilEnded() { ended.wait() }
    }

    private let lock = NSLock()
    private var running: [ObjectIdentifier: Stop] = [:]

    /// A stop for a watcher about to start, kept until its thread says it has ended.
    func start() -> Stop {
        let stop = Stop()
        lock.withLock { running[ObjectIdentifier(stop)] = stop }
        return stop
    }

    /// Said by a watcher's thread as it ends, once its connections are closed.
    func ended(_ stop: Stop) {
        lock.withLock { running[ObjectIdentifier(stop)] = nil }
        stop.threadEnded()
    }

    /// Tells every watcher to end, and waits until each has closed its connections.
    func stopAll() {
        let all = lock.withLock { Array(running.values) }
        all.forEach { $0.set() }
        all.forEach { $0.waitUntilEnded() }
    }
}
