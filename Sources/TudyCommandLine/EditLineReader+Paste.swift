import Foundation
import TudyApp
import TudyCore
import TudyTerminal

/// Pastes: the terminal marks them (bracketed-paste mode), so that they are never taken as keys.
extension EditLineReader {
    /// Takes a paste whose start mark was just read: one line goes into the line being typed;
    /// several lines end it, to be taken as one paste, or, when one is a command, as lines
    /// typed one by one (`PastedLines`). - Returns: the character for libedit.
    func takePaste(_ bytes: [UInt8]) -> Int32 {
        let result = LineDecoder.decodePaste(bytes)
        let enter = Int32(UInt8(ascii: "\n"))
        if case .paste(let text) = result {
            let first = text.contains("\n") ? pastedLines.take(text) : text
            if let first {
                // Off the screen first: libedit redraws from where it thinks the prompt starts.
                hideLine()
                editor.insert(first)
                showLine()
                return text.contains("\n") ? enter : EOF
            }
        }
        pasted = result
        return enter
    }

    /// A line of a paste, entered as if typed: shown after its prompt, a password never.
    func enterPasted(_ line: String, _ request: LineRequest) -> LineReadResult {
        if request.isSecret {
            write(request.prompt + "\n")
            return .line(line)
        }
        write(request.prompt + Sanitizer.inert(line) + "\n")
        if request.isRemembered { history.remember(line) }
        return .line(line)
    }
}
