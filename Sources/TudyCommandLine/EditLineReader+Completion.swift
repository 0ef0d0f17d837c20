@preconcurrency import CEditLine
import Foundation
import TudyApp
import TudyCore
import TudyTerminal

/// Tab: what it completes is asked of the app when it is pressed (a store read, which may be
/// a server's), so that a user who signed up or joined the room meanwhile is offered. Keys
/// wait, unread, until the completion is done; nothing blocks while it is read.
extension EditLineReader {
    /// Tab, libedit's command. - Returns: libedit's CC_ code.
    func tabPressed() -> UInt8 {
        guard let completionSource, isEditingLine else { return UInt8(CC_REFRESH_BEEP) }
        let asked = editor.line
        let repeated = lineAfterLastTab == asked.text
        lineAfterLastTab = nil
        completing = true
        setInput(running: false)
        Task { @MainActor in
            let vocabulary = await completionSource()
            completing = false
            guard isEditingLine else { return }
            defer { setInput(running: !lineHidden) }
            // A key that came meanwhile (with a redraw) changed the line: this Tab is for the old one.
            guard editor.line == asked, let vocabulary else { return }
            complete(vocabulary.completion(beforeCursor: asked.beforeCursor, repeated: repeated))
        }
        return UInt8(CC_NORM)
    }

    private func complete(_ completion: Completion) {
        switch completion {
        case .none:
            lineAfterLastTab = editor.line.text
            write("\u{07}")
        case .replaceWord(let length, let text):
            redrawn { editor.replaceWord(length: length, with: text) }
            if !text.hasSuffix(" ") { lineAfterLastTab = editor.line.text }
        case .list(let matches):
            redrawn { write(Self.columns(matches)) }
        }
    }

    /// Runs `change` with the prompt and line off the screen, then draws them again.
    private func redrawn(_ change: () -> Void) {
        guard !lineHidden else { return change() }
        hideLine()
        change()
        showLine()
    }

    /// The matches in columns as wide as the window allows, a line each row.
    private static func columns(_ matches: [String]) -> String {
        let shown = matches.map(Sanitizer.inert)
        let width = (shown.map(DisplayWidth.of).max() ?? 0) + 2
        let columns = max(1, (TerminalSession.windowWidth() ?? 80) / width)
        var text = ""
        for (index, match) in shown.enumerated() {
            let last = index % columns == columns - 1 || index == shown.count - 1
            text += last ? match + "\n" : match + String(repeating: " ", count: width - DisplayWidth.of(match))
        }
        return text
    }
}
