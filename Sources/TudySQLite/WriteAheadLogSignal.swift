#if canImport(Glibc)
import Glibc
#endif

/// Wakes a store watcher when the store's write-ahead log is written, by inotify on Linux, so
/// that another process's commit is seen within a millisecond rather than at the next poll.
/// Where inotify is missing or refused, it waits the whole time given: the poll it stands for.
/// `wake()` ends a wait at once, from any thread.
///
/// A commit is visible only once its writer updates the log's index (shared memory, which tells
/// inotify nothing), a moment after its last write to the log. So a wake is followed by a few
/// quick looks (`settleLooks`), which see that commit as it lands.
final class WriteAheadLogSignal: @unchecked Sendable {
    /// The quick looks after a write, a millisecond apart.
    static let settleLooks = 20

    private var descriptor: Int32 = -1
    /// A pipe whose read end is waited on beside the log's events: a byte written wakes the wait.
    private var wakeEnds: [Int32] = [-1, -1]
    private let logName: String
    /// Quick looks still to take after the last write seen.
    private var looksLeft = 0

    /// Watches the folder of the store at `path` for writes to its `-wal` file.
    init(storePath path: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        logName = String(path[(slash.map { path.index(after: $0) } ?? path.startIndex)...]) + "-wal"
        #if canImport(Glibc)
        if pipe(&wakeEnds) == 0 {
            for end in wakeEnds {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        } else {
            wakeEnds = [-1, -1]
        }
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return }
        // The folder, not the file: a log removed and made again (the last connection closing)
        // is still seen.
        guard inotify_add_watch(fd, folder.isEmpty ? "/" : folder, UInt32(IN_MODIFY | IN_CREATE)) >= 0 else {
            close(fd)
            return
        }
        descriptor = fd
        #endif
    }

    deinit { stop() }

    /// Closes the descriptors, once no thread waits on them.
    func stop() {
        #if canImport(Glibc)
        for fd in [descriptor] + wakeEnds where fd >= 0 { close(fd) }
        #endif
        descriptor = -1
        wakeEnds = [-1, -1]
    }

    /// Ends the wait under way, or the next one, at once.
    func wake() {
        #if canImport(Glibc)
        var byte: UInt8 = 1
        if wakeEnds[1] >= 0 { _ = write(wakeEnds[1], &byte, 1) }
        #endif
    }

    /// Waits until the log is written, a quick look is due, `wake()` is called, or
    /// `milliseconds` have passed.
    func wait(milliseconds: Int32) {
        #if canImport(Glibc)
        let timeout = looksLeft > 0 ? 1 : milliseconds
        var watched = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeEnds[0], events: Int16(POLLIN), revents: 0),
        ]
        // poll skips a negative descriptor: without inotify or the pipe, this is a sleep.
        let ready = poll(&watched, 2, timeout)
        if ready > 0, watched[1].revents != 0 { drainWakes() }
        if ready > 0, watched[0].revents != 0, drainSawLog() {
            looksLeft = Self.settleLooks
        } else if looksLeft > 0 {
            looksLeft -= 1
        }
        #else
        usleep(UInt32(milliseconds) * 1000)
        #endif
    }

    /// The change is seen: no more quick looks for it.
    func seen() {
        looksLeft = 0
    }

    #if canImport(Glibc)
    private func drainWakes() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wakeEnds[0], &bytes, bytes.count) > 0 {}
    }

    /// Reads every event waiting; whether one was of the log.
    private func drainSawLog() -> Bool {
        var found = false
        let size = 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, size)
            guard count > 0 else { return found }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                if event.len > 0 {
                    let name = String(cString: nameStart.assumingMemoryBound(to: CChar.self))
                    if name == logName { found = true }
                }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
    }
    #endif
}
