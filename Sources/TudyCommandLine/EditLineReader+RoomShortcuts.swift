@preconcurrency import CEditLine
import Foundation

/// Alt-1 to Alt-9, which open the rooms of `/rooms` by position, as WeeChat's do its buffers.
extension EditLineReader {
    /// Alt-N: enters `/w N` (the nth room of `/rooms`) in place of the line, which is kept.
    func openRoom(key: Int32) -> UInt8 {
        guard (0x31...0x39).contains(key) else { return UInt8(CC_ERROR) }
        let typed = editor.line.text
        if !typed.isEmpty { lineBeforeShortcut = typed }
        editor.replaceLine(with: "/w \(key - 0x30)")
        // Shown as if typed, and ended as Enter ends a line: libedit adds neither for a command of its own.
        hideLine()
        showLine()
        write("\n")
        editor.insert("\n")
        enteredByShortcut = true
        return UInt8(CC_NEWLINE)
    }
}
