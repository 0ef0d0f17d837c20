import Foundation
import TudyKit

/// Piped or redirected standard input, read in chunks.
enum StandardInputReader {
    @MainActor
    static func make() -> ByteLineReader {
        ByteLineReader { buffer in
            while true {
                let count = read(STDIN_FILENO, buffer.baseAddress, buffer.count)
                if count < 0 && errno == EINTR { continue }
                return max(count, 0)
            }
        }
    }
}
