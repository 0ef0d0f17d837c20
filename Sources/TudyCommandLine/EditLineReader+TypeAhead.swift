import Foundation
import TudyApp
import TudyCore
import TudyTerminal

/// Keys typed while a command waits for news (`/wait`): edited on a line of their own after the
/// prompt, as at the prompt, so that a person sees what they type. Only a wait shows them;
/// during any other command keys stay held, unechoed, as a password prompt may follow.
extension EditLineReader {
    /// Whether libedit has a line being typed, for the REPL or ahead of it.
    var isEditingLine: Bool {
        switch reading {
        case .line, .ahead: true
        case .nothing, .secret: false
        }
    }

    func showTypingAhead(prompt: String) {
        guard case .nothing = reading, enteredAhead == nil, !ended else { return }
        reading = .ahead
        self.prompt = prompt
        remembersLine = true
        let kept = lineTypedAhead ?? ""
        lineTypedAhead = nil
        beginLine(prompt: prompt, draft: kept)
    }

    func holdTypingAhead() {
        guard case .ahead = reading else { return }
        lineTypedAhead = editor.line.text
        if !lineHidden { hideLine() }
        lineHidden = false
        if search != nil {
            search = nil
            editor.setPrompt(prompt)
        }
        stopLine()
    }

    /// Enter, or Ctrl-D on an empty line, during a wait: the person is back, so the wait ends
    /// and `result` is the next line read.
    func enteredDuringWait(_ result: LineReadResult) {
        enteredAhead = result
        commandInterrupt?()
    }

    /// Ctrl-C during a wait: the line typed ahead is dropped, as at the prompt, and the wait ends.
    func interruptTypingAhead() {
        stopLine()
        lineTypedAhead = nil
        write("^C\n")
        commandInterrupt?()
    }
}
