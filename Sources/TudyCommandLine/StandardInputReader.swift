import Foundation
import TudyKit

/// Piped or redirected standard input, read in chunks on a thread of its own, so that
/// the main actor is free while a script waits for input.
enum StandardInputReader {
    private static let queue = DispatchQueue(label: "tudy.standard-input")

    @MainActor
    static func make() -> ByteLineReader {
        ByteLineReader {
            await withCheckedContinuation { continuation in
                queue.async {
                    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
                    while true {
                        let count = read(STDIN_FILENO, &chunk, chunk.count)
                        if count < 0 && errno == EINTR { continue }
                        continuation.resume(returning: Array(chunk.prefix(max(count, 0))))
                        return
                    }
                }
            }
        }
    }
}
