@preconcurrency import CEditLine
import Foundation

/// libedit's line editor, fed one key at a time (its unbuffered mode) and read through its
/// wide-character interface only, so that no buffer of its own is counted in bytes where
/// characters are meant: a line of any length, in any script, stays in libedit's one line
/// buffer, which it grows as needed.
///
/// Its C callbacks take no context: what they reach (`prompt`) is static, and only the main
/// thread touches it.
@MainActor
final class LineEditor {
    /// What one key did to the line being typed.
    enum Step: Equatable {
        /// The line is still being typed.
        case editing
        /// Enter: the line, without its newline.
        case entered(String)
        /// Ctrl-D on an empty line.
        case ended
    }

    /// The prompt as drawn now.
    private(set) var promptText = ""
    /// The `EditLine *`.
    private let editor: OpaquePointer
    /// The prompt libedit draws, as a C string it reads on every redraw.
    nonisolated(unsafe) private static var prompt: UnsafeMutablePointer<CChar> = strdup("")

    /// - Parameters:
    ///   - history: the history Up and Ctrl-R go through.
    ///   - nextCharacter: libedit's source of keys.
    ///   - complete: what Tab does.
    ///   - searchHistory: what Ctrl-R does.
    init(
        history: EditLineHistory, nextCharacter: tudy_getc_function, complete: tudy_editor_command,
        searchHistory: tudy_editor_command, openRoom: tudy_editor_command
    ) {
        // "tudy" is the program name an editrc's `tudy:` lines are for.
        editor = el_init("tudy", stdin, stdout, stderr)
        _ = tudy_el_set_editor(editor, "emacs")
        // tudy handles its signals itself (`SignalPipe`), never in libedit's handlers.
        _ = tudy_el_set_signal(editor, 0)
        _ = tudy_el_set_getc(editor, nextCharacter)
        _ = tudy_el_set_prompt(editor) { _ in LineEditor.prompt }
        _ = tudy_el_set_history(editor, history.entries)
        _ = tudy_el_add_command(editor, "tudy-complete", "complete the word before the cursor", complete)
        _ = tudy_el_add_command(editor, "tudy-search-history", "search the history backwards as you type", searchHistory)
        _ = tudy_el_add_command(editor, "tudy-stop", "stop tudy, as Ctrl-Z does in a shell") { _, _ in
            // The terminal is raw while a line is typed, so Ctrl-Z is a key: it stops tudy as the kernel would.
            kill(getpid(), SIGTSTP)
            return UInt8(CC_NORM)
        }
        _ = tudy_el_add_command(editor, KeySequences.ignore, "do nothing: a key that is not text") { _, _ in
            UInt8(CC_NORM)
        }
        _ = tudy_el_add_command(editor, "tudy-open-room", "open the nth room of /rooms (Alt-1 to Alt-9)", openRoom)
        for (key, command) in Self.bindings + KeySequences.bindings { _ = tudy_el_bind(editor, key, command) }
        for digit in 1...9 { _ = tudy_el_bind(editor, "\\e\(digit)", "tudy-open-room") }
    }

    /// The keys tudy binds before a person's editrc, which may change them: those readline
    /// users expect; the keys that are not text are `KeySequences`'.
    private static let bindings: [(String, String)] = [
        ("^I", "tudy-complete"), ("^Z", "tudy-stop"), ("^R", "tudy-search-history"),
    ]

    /// Reads key bindings from an editrc file (libedit's `bind`, `edit` and `tudy:` lines).
    /// - Returns: whether the file was there and read.
    @discardableResult
    func source(_ path: String) -> Bool {
        el_source(editor, path) == 0
    }

    /// Starts a line: the terminal goes raw and the prompt is drawn, the line empty.
    func begin(prompt text: String) {
        setPrompt(text)
        _ = tudy_el_set_unbuffered(editor, 1)
    }

    /// Ends the line being typed: the terminal goes back to the mode it had before `begin`.
    func finish() {
        _ = tudy_el_set_unbuffered(editor, 0)
    }

    /// Hands libedit one key (it asks for more while a key's sequence is incomplete).
    func readKey() -> Step {
        var count: Int32 = 0
        guard let buffer = el_wgets(editor, &count), count > 0 else { return .editing }
        let characters = UnsafeBufferPointer(start: buffer, count: Int(count))
        // libedit puts Ctrl-D in an empty line for its end of input.
        if count == 1 && characters[0] == 0x04 { return .ended }
        guard characters.last == 0x0A || characters.last == 0x0D else { return .editing }
        return .entered(Self.text(characters.dropLast()))
    }

    /// The line being typed, and the part of it before the cursor.
    var line: (text: String, beforeCursor: String) {
        guard let info = el_wline(editor)?.pointee else { return ("", "") }
        let whole = UnsafeBufferPointer(start: info.buffer, count: info.buffer.distance(to: info.lastchar))
        let before = info.buffer.distance(to: info.cursor)
        return (Self.text(whole[...]), Self.text(whole.prefix(before)))
    }

    /// Puts text in the line at the cursor. - Returns: whether libedit took it.
    @discardableResult
    func insert(_ text: String) -> Bool {
        guard !text.isEmpty else { return true }
        var wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
        return el_winsertstr(editor, &wide) == 0
    }

    /// Replaces the whole line with `text`, the cursor at its end.
    func replaceLine(with text: String) {
        guard let info = el_wline(editor)?.pointee else { return }
        el_cursor(editor, Int32(info.cursor.distance(to: info.lastchar)))
        el_deletestr(editor, Int32(info.buffer.distance(to: info.lastchar)))
        insert(text)
    }

    /// Replaces the word of `length` characters before the cursor with `replacement`.
    func replaceWord(length: Int, with replacement: String) {
        if length > 0 { el_deletestr(editor, Int32(length)) }
        insert(replacement)
    }

    /// Draws the prompt and the line again, the cursor where it was.
    func redraw() {
        _ = tudy_el_refresh(editor)
    }

    /// Changes the prompt; it shows at the next redraw.
    func setPrompt(_ text: String) {
        promptText = text
        free(Self.prompt)
        Self.prompt = strdup(text)
    }

    /// The window changed size.
    func resize() {
        el_resize(editor)
    }

    /// Wide characters as text; a value that is no Unicode scalar becomes U+FFFD.
    private static func text<Characters: Sequence<wchar_t>>(_ characters: Characters) -> String {
        var text = String.UnicodeScalarView()
        for character in characters {
            text.append(Unicode.Scalar(UInt32(bitPattern: character)) ?? "\u{FFFD}")
        }
        return String(text)
    }
}
