import Foundation
import TudyKit

/// Piped or redirected standard input, read in chunks on a thread of its own, so that
/// the main actor is free while a script waits for input.
actor StandardInputReader {
    private let executor = DispatchQueueExecutor(label: "tudy.standard-input")
    private var chunk = [UInt8](repeating: 0, count: 64 * 1024)

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// A line reader over standard input.
    @MainActor
    static func make() -> ByteLineReader {
        let input = StandardInputReader()
        return ByteLineReader { await input.next() }
    }

    /// The next chunk, as `read` gives it (it waits for one); empty at the end.
    private func next() -> [UInt8] {
        while true {
            let count = read(STDIN_FILENO, &chunk, chunk.count)
            if count < 0 && errno == EINTR { continue }
            return Array(chunk.prefix(max(count, 0)))
        }
    }
}
