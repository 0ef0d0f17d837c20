import Foundation
import Synchronization
import TudyApp
import TudyCore
import TudyTerminal

/// Piped or redirected standard input, read in chunks on a thread of its own, so that the
/// main actor is free while a script waits for input; one chunk is read ahead.
///
/// Read ahead, the thread already waits in `read` when a bot that waits for each answer writes
/// its next line, and the main actor's call for it waits on that thread's queue, which is busy,
/// so no thread is woken to take the call. Asked for one chunk at a time, the thread was woken
/// for each line, and often came to `read` only after the line had.
actor StandardInputReader {
    private struct Reading {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        /// The chunk read ahead, not yet taken.
        var ahead: [UInt8]?
    }

    private let executor = DispatchQueueExecutor(label: "tudy.standard-input")
    /// Used only on the executor's queue; a lock, so that the read ahead, queued as plain work
    /// beside the actor's, may hold it too.
    private let reading = Mutex(Reading())

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// A line reader over standard input.
    @MainActor
    static func make() -> ByteLineReader {
        let input = StandardInputReader()
        return ByteLineReader { await input.next() }
    }

    /// The next chunk, as `read` gives it (it waits for one); empty at the end.
    private func next() -> [UInt8] {
        let chunk = reading.withLock { reading in
            defer { reading.ahead = nil }
            return reading.ahead
        } ?? Self.readChunk(into: reading)
        if !chunk.isEmpty {
            executor.run { [self] in
                let ahead = Self.readChunk(into: reading)
                reading.withLock { $0.ahead = ahead }
            }
        }
        return chunk
    }

    private static func readChunk(into reading: borrowing Mutex<Reading>) -> [UInt8] {
        reading.withLock { reading in
            while true {
                let count = read(STDIN_FILENO, &reading.buffer, reading.buffer.count)
                if count < 0 && errno == EINTR { continue }
                return Array(reading.buffer.prefix(max(count, 0)))
            }
        }
    }
}
