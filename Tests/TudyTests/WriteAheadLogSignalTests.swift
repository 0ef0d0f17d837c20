import Foundation
import Testing

@testable import TudySQLite

/// The wake-up of a store's watcher: a write to the store's write-ahead log ends its wait at
/// once, by inotify, where without it the wait would last its whole time (the poll it stands for).
@Suite("Write-ahead log signal")
struct WriteAheadLogSignalTests {
    @Test("a write to the store's log ends a long wait at once")
    func logWriteWakes() async throws {
        let folder = try TemporaryDirectory.make()
        let store = folder.appendingPathComponent("chat.sqlite").path
        _ = FileManager.default.createFile(atPath: store + "-wal", contents: Data())
        let signal = WriteAheadLogSignal(storePath: store)
        defer { signal.stop() }

        // A wait of a minute, on a thread of its own as the store's watcher waits.
        let returned = Locked(false)
        Thread.detachNewThread {
            signal.wait(milliseconds: 60_000)
            returned.value = true
        }
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: store + "-wal"))
        defer { try? log.close() }
        // Written until the wait ends: the first write may come before the thread waits.
        let deadline = ContinuousClock.now + .seconds(10)
        while !returned.value && ContinuousClock.now < deadline {
            log.write(Data("frame".utf8))
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(returned.value, "a wait of a minute was still waiting 10 s after the log was written")
    }
}
