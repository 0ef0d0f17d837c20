#if canImport(Glibc)
import Glibc
#endif

/// Wakes a store watcher when the store's write-ahead log is written, by inotify on Linux, so
/// that another process's commit is seen within a millisecond rather than at the next poll.
/// Where inotify is missing or refused, it waits the whole time given: the poll it stands for.
///
/// A commit is visible only once its writer updates the log's index (shared memory, which tells
/// inotify nothing), a moment after its last write to the log. So a wake is followed by a few
/// quick looks (`settleLooks`), which see that commit as it lands.
final class WriteAheadLogSignal: @unchecked Sendable {
    /// The quick looks after a write, a millisecond apart.
    static let settleLooks = 20

    private var descriptor: Int32 = -1
    private let logName: String
    /// Quick looks still to take after the last write seen.
    private var looksLeft = 0

    /// Watches the folder of the store at `path` for writes to its `-wal` file.
    init(storePath path: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        logName = String(path[(slash.map { path.index(after: $0) } ?? path.startIndex)...]) + "-wal"
        #if canImport(Glibc)
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

    func stop() {
        #if canImport(Glibc)
        if descriptor >= 0 { close(descriptor) }
        #endif
        descriptor = -1
    }

    /// Waits until the log is written, a quick look is due, or `milliseconds` have passed.
    func wait(milliseconds: Int32) {
        #if canImport(Glibc)
        guard descriptor >= 0 else { return sleep(milliseconds) }
        let timeout = looksLeft > 0 ? 1 : milliseconds
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&watched, 1, timeout)
        if ready > 0, drainSawLog() {
            looksLeft = Self.settleLooks
        } else if looksLeft > 0 {
            looksLeft -= 1
        }
        #else
        sleep(milliseconds)
        #endif
    }

    /// The change is seen: no more quick looks for it.
    func seen() {
        looksLeft = 0
    }

    private func sleep(_ milliseconds: Int32) {
        usleep(UInt32(milliseconds) * 1000)
    }

    #if canImport(Glibc)
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
