@preconcurrency import CEditLine
import Foundation
import TudyApp
import TudyCore
import TudyTerminal

/// Ctrl-R, tudy's own rather than libedit's: libedit's search reads its keys in a loop of its
/// own, which waits with nothing else running, and looks wide characters up as bytes.
/// Here each key is one event, and live messages go on printing above the search.
extension EditLineReader {
    /// Ctrl-R at the prompt (libedit's command, bound to it). - Returns: libedit's CC_ code.
    func startSearch() -> UInt8 {
        search = HistorySearch(entries: history.newestFirst, original: editor.line.text)
        showSearch()
        return UInt8(CC_NORM)
    }

    /// A key typed while searching. - Returns: the key libedit gets then, EOF for none.
    func searchKey(_ key: Int32) -> Int32 {
        switch key {
        case 0:  // nothing was read after all
            return EOF
        case 0x12:  // Ctrl-R: an older match
            search?.older()
        case 0x7F, 0x08:  // Backspace
            search?.erase()
        case 0x07:  // Ctrl-G: the line as it was
            endSearch(keepingMatch: false)
        case 0x1B where !TerminalKeys.hasKeysAhead:  // a lone Escape, not an arrow's start
            endSearch(keepingMatch: false)
        case 0x20..<0x7F, 0x80...:
            guard let scalar = Unicode.Scalar(UInt32(key)) else { return EOF }
            search?.type(String(scalar))
        default:
            // Enter runs the match; any other key (an arrow, Ctrl-A) edits it.
            endSearch(keepingMatch: true)
            return key
        }
        if search != nil { showSearch() }
        return EOF
    }

    /// Drops the search, showing the prompt again; the line is what it shows, or what it was.
    func endSearch(keepingMatch: Bool) {
        guard let ended = search else { return }
        search = nil
        hideLine()
        editor.setPrompt(prompt)
        editor.replaceLine(with: keepingMatch ? ended.line : ended.original)
        showLine()
    }

    private func showSearch() {
        guard let search else { return }
        hideLine()
        editor.setPrompt(search.prompt)
        editor.replaceLine(with: search.line)
        showLine()
    }
}
