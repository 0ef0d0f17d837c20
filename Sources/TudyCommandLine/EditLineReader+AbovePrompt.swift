import Foundation
import TudyApp
import TudyCore
import TudyTerminal

/// Lines printed above the prompt: the prompt and the half-typed line leave the screen, the
/// lines are printed where they were, and both are drawn again below, the cursor as it was.
extension EditLineReader {
    func suspendPrompt() {
        guard isEditingLine, !lineHidden else { return }
        hideLine()
        setInput(running: false)
    }

    func resumePrompt(_ newPrompt: String?) {
        guard isEditingLine, lineHidden else { return }
        if let newPrompt, newPrompt != prompt {
            prompt = newPrompt
            // While Ctrl-R searches, its own prompt stays.
            if search == nil { editor.setPrompt(newPrompt) }
        }
        showLine()
        setInput(running: !completing)
    }

    /// Takes the prompt and the line off the screen, from the row the line starts on; libedit keeps both.
    func hideLine() {
        lineHidden = true
        let beforeCursor = editor.line.beforeCursor
        let columns = TerminalSession.windowWidth() ?? 80
        let rowsUp = (DisplayWidth.of(editor.promptText) + DisplayWidth.of(beforeCursor)) / columns
        write("\r" + (rowsUp > 0 ? "\u{1B}[\(rowsUp)A" : "") + "\u{1B}[J")
    }

    /// Draws the prompt and the kept line again, the cursor where it was.
    func showLine() {
        guard lineHidden else { return }
        lineHidden = false
        editor.redraw()
    }
}
