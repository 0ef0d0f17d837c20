@preconcurrency import CEditLine
import Foundation
import TudyKit

/// Tab completion: what the screen in view knows, set before each prompt. One match replaces
/// the word before the cursor (with a space after); several put in what they share, and a
/// second Tab lists them.
@MainActor
enum EditLineCompletion {
    /// What the screen in view completes; nil where nothing is.
    static var vocabulary: CompletionVocabulary?
    /// The line as the last Tab left it: a Tab on the same line again lists the matches.
    private static var lineAfterLastTab: String?

    /// libedit's command for Tab. - Returns: one of libedit's CC_ codes.
    static func complete(_ editor: LineEditor) -> UInt8 {
        let (line, beforeCursor) = editor.line
        let repeated = lineAfterLastTab == line
        lineAfterLastTab = nil
        let word = String(beforeCursor.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
        guard let vocabulary else { return UInt8(CC_REFRESH_BEEP) }
        let matches = vocabulary.candidates(for: word, in: beforeCursor)
        switch matches.count {
        case 0:
            return UInt8(CC_REFRESH_BEEP)
        case 1:
            editor.replaceWord(length: word.unicodeScalars.count, with: matches[0] + " ")
            return UInt8(CC_REFRESH)
        default:
            let shared = commonPrefix(matches)
            if shared.count > word.count {
                editor.replaceWord(length: word.unicodeScalars.count, with: shared)
                lineAfterLastTab = editor.line.text
                return UInt8(CC_REFRESH)
            }
            lineAfterLastTab = line
            guard repeated else { return UInt8(CC_REFRESH_BEEP) }
            list(matches)
            return UInt8(CC_REDISPLAY)
        }
    }

    /// The matches under the line, in columns as wide as the window allows.
    private static func list(_ matches: [String]) {
        let width = (matches.map(DisplayWidth.of).max() ?? 0) + 2
        let columns = max(1, (TerminalSession.windowWidth() ?? 80) / width)
        var text = "\n"
        for (index, match) in matches.enumerated() {
            let last = index % columns == columns - 1 || index == matches.count - 1
            text += last ? match + "\n" : match + String(repeating: " ", count: width - DisplayWidth.of(match))
        }
        var bytes = Array(text.utf8)
        _ = write(STDOUT_FILENO, &bytes, bytes.count)
    }

    /// What every match begins with, compared without case as matching is; spelt as the first match.
    private static func commonPrefix(_ words: [String]) -> String {
        guard let first = words.first else { return "" }
        var prefix = first
        for word in words.dropFirst() {
            while !word.lowercased().hasPrefix(prefix.lowercased()) { prefix.removeLast() }
        }
        return prefix
    }
}
