import Dispatch
import Foundation
import GRDB
import TudyCore

/// The one watcher of a store file in this process: a thread and a read connection shared by
/// every change stream the store hands out (a chat session's, or each of a server's
/// subscriptions), so that a stream costs its follower and nothing more: no thread, no file.
///
/// SQLite tells no connection of another's commits, but `PRAGMA data_version` changes whenever
/// any other connection, in this process or another, has committed. The thread looks at it
/// when the store's write-ahead log is written (inotify), when a stream starts, and every
/// 50 ms in any case. Only when it changed is anything read: the news past the earliest
/// follower's cursor, read once by key, then sorted out for each follower.
///
/// The thread starts with the first stream and is stopped, and waited for, before the store
/// closes its own connection: SQLite copies the write-ahead log into the file, and removes
/// it, only when the last connection to the file closes, so the watcher's read connection
/// left open would leave the newest messages in the `-wal` file, out of a copy of the store.
final class StoreFeed: @unchecked Sendable {
    /// The longest the thread waits between looks when nothing wakes it: 50 ms.
    static let fallbackMilliseconds: Int32 = 50

    /// What the thread holds, opened when it starts and closed as it ends.
    private final class Watch: @unchecked Sendable {
        let connection: DatabaseQueue
        let probe: DataVersionProbe
        let signal: WriteAheadLogSignal
        let ended = DispatchSemaphore(value: 0)

        init(path: String) throws {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = .timeout(StoreFile.busyTimeout)
            connection = try DatabaseQueue(path: path, configuration: configuration)
            probe = try DataVersionProbe(path: path)
            signal = WriteAheadLogSignal(storePath: path)
        }

        func close() {
            signal.stop()
            try? connection.close()
            probe.close()
        }
    }

    private let path: String
    private let lock = NSLock()
    private var streams = StoreFollowers()
    /// The running thread's, or nil when none runs.
    private var watch: Watch?
    /// A stream started since the last look: look, whether or not the store changed.
    private var lookDue = false
    private var stopping = false

    init(path: String) {
        self.path = path
    }

    private var threadsStarted = 0

    /// How many streams the feed serves now.
    var streamCount: Int { lock.withLock { streams.count } }

    /// How many watching threads the feed has started: one, unless the file broke.
    var threadCount: Int { lock.withLock { threadsStarted } }

    /// A stream of what `follower` is not yet told of, from its cursor on, until the stream is
    /// dropped, its session ends, the store closes, or the file can no longer be read.
    /// - Throws: `StorageError` when the watcher's connection to the file can not be opened.
    func follow(_ follower: StoreFollower) throws -> AsyncStream<StoreChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self, bufferingPolicy: .unbounded)
        let id = try lock.withLock {
            if watch == nil {
                let opened = try Watch(path: path)
                watch = opened
                let thread = Thread { [self] in watchStore(with: opened) }
                thread.name = "tudy.store-feed"
                thread.start()
                threadsStarted += 1
            }
            let id = streams.add(follower, continuation: continuation)
            lookDue = true
            watch?.signal.wake()
            return id
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            lock.withLock { _ = streams.remove(id) }
        }
        return stream
    }

    /// Ends every stream, and waits until the thread has closed its connections.
    func stop() {
        let running = lock.withLock {
            stopping = true
            watch?.signal.wake()
            return watch
        }
        running?.ended.wait()
    }

    private func watchStore(with watch: Watch) {
        defer {
            let ended = lock.withLock {
                self.watch = nil
                return streams.removeAll()
            }
            watch.close()
            ended.forEach { $0.finish() }
            watch.ended.signal()
        }
        // The version is read before each snapshot: a commit in between is then seen twice
        // (one empty look), never missed.
        guard var lastVersion = try? watch.probe.read() else { return }
        while true {
            watch.signal.wait(milliseconds: Self.fallbackMilliseconds)
            let (due, told) = lock.withLock {
                defer { lookDue = false }
                return (lookDue, stopping)
            }
            if told { return }
            do {
                let version = try watch.probe.read()
                guard due || version != lastVersion else { continue }
                if version != lastVersion { watch.signal.seen() }
                lastVersion = version
                try look(through: watch.connection)
            } catch {
                // The file went away or broke: every stream ends, and each session says so.
                return
            }
        }
    }

    /// Reads the news once for every follower, and tells each what is theirs (`StoreFollowers`).
    /// A session that ended hears nothing committed after it, nor with it.
    private func look(through connection: DatabaseQueue) throws {
        guard let (from, behind) = lock.withLock({ streams.start() }) else { return }
        let news = try connection.read { db in try StoreNews.read(after: from, in: db) }
        let (told, ended) = lock.withLock { streams.take(news, wereBehind: behind) }
        for (changes, continuation) in told { changes.forEach { continuation.yield($0) } }
        ended.forEach { $0.finish() }
    }
}
