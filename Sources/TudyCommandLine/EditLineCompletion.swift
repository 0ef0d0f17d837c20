@preconcurrency import CEditLine
import Foundation
import TudyKit

/// Tab completion for libedit: what the screen in view knows, set before each prompt.
enum EditLineCompletion {
    /// What libedit's C hook reaches: it takes no context. Only the main thread touches it.
    nonisolated(unsafe) static var vocabulary: CompletionVocabulary?

    /// libedit's completion hook: the matches for the word before the cursor, never file names.
    static func complete(text: UnsafePointer<CChar>?, end: Int32) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        rl_attempted_completion_over = 1
        guard let vocabulary, let text, let buffer = rl_line_buffer else { return nil }
        let lineBytes = UnsafeBufferPointer(start: buffer, count: Int(end)).map { UInt8(bitPattern: $0) }
        let matches = vocabulary.candidates(for: String(cString: text), in: String(decoding: lineBytes, as: UTF8.self))
        guard !matches.isEmpty else { return nil }
        // libedit wants the common prefix first, then the matches, then NULL; it frees them all.
        let list = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: matches.count + 2)
        list[0] = strdup(commonPrefix(matches))
        for (index, match) in matches.enumerated() { list[index + 1] = strdup(match) }
        list[matches.count + 1] = nil
        return list
    }

    private static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }
}
