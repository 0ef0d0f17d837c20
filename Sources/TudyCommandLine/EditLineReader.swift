@preconcurrency import CEditLine
import Dispatch
import Foundation
import TudyApp
import TudyCore
import TudyTerminal

/// What the C callbacks of libedit reach: they take no context, so it lives here.
/// Only the main thread touches it.
nonisolated(unsafe) private var activeReader: EditLineReader?

/// Lines typed at a terminal, edited with libedit through its callback interface: nothing
/// waits in a blocking read, so what the store reports is printed above the prompt while a
/// person types, and the half-typed line and the cursor are put back as they were.
///
/// Standard input and the signal pipe are dispatch sources on the main queue; a key is
/// handed to libedit only while a line is asked for, so keys typed ahead of a password prompt
/// stay in the terminal, unechoed, for the password.
@MainActor
final class EditLineReader: LineReader {
    enum Reading {
        case nothing
        case line(CheckedContinuation<LineReadResult, Never>)
        /// Keys typed while a command waits (`showTypingAhead`), for the line read after it.
        case ahead
        case secret(CheckedContinuation<LineReadResult, Never>, prompt: String, entry: PasswordEntry)
    }

    let history: EditLineHistory
    var editor: LineEditor!
    let signals = SignalPipe()
    private let input: any DispatchSourceRead
    private var inputRunning = false
    var reading = Reading.nothing
    var prompt = ""
    var remembersLine = true
    /// Whether the prompt and the line are off the screen (`suspendPrompt`, or a stop with Ctrl-Z).
    var lineHidden = false
    /// Whether Ctrl-Z took them off, for SIGCONT to draw them again.
    var hiddenByStop = false
    /// The terminal's modes as libedit set them for the line being typed: set again after a stop.
    var lineModes: termios?
    /// The terminal's modes: as before tudy (put back at the end and before a stop), and tudy's.
    let terminal = TerminalModes()
    /// SIGTERM or SIGHUP came: every line asked for from now on is the end of input.
    var ended = false
    /// Whether libedit is being asked for what it holds, with no key to give it.
    private var probing = false
    /// Whether libedit asked for a key while `probing`.
    private var keyAsked = false

    /// - Parameters:
    ///   - historyPath: the history file, 0600, written with the first line kept; nil for no history.
    ///   - editrcPaths: key-binding files, read in order where they are there.
    init(historyPath: String?, editrcPaths: [String] = []) {
        setlocale(LC_ALL, "")
        history = EditLineHistory(path: historyPath)
        editor = LineEditor(
            history: history,
            nextCharacter: { _, character in
                let key = EditLineReader.nextCharacter()
                guard key != EOF else { return 0 }
                character?.pointee = wchar_t(key)
                return 1
            },
            complete: { _, _ in MainActor.assumeIsolated { activeReader?.tabPressed() ?? UInt8(CC_ERROR) } },
            searchHistory: { _, _ in MainActor.assumeIsolated { activeReader?.startSearch() ?? UInt8(CC_ERROR) } },
            openRoom: { _, key in MainActor.assumeIsolated { activeReader?.openRoom(key: key) ?? UInt8(CC_ERROR) } })
        for path in editrcPaths { editor.source(path) }
        input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        activeReader = self
        input.setEventHandler { MainActor.assumeIsolated { activeReader?.inputReady() } }
        input.activate()
        input.suspend()
        signals.start { signal in MainActor.assumeIsolated { activeReader?.received(signal) } }
        terminal.holdTypedKeys()
    }

    /// Puts the terminal back as it was before tudy.
    func close() {
        if isEditingLine {
            editor.finish()
            terminal.setTypingModes(false)
        }
        terminal.restoreOriginal()
    }

    // MARK: - Lines

    func readLine(_ request: LineRequest) async -> LineReadResult {
        if ended { return .end }
        if let entered = enteredAhead {
            enteredAhead = nil
            return entered
        }
        switch pastedLines.next(secret: request.isSecret) {
        case .line(let line): return enterPasted(line, request)
        case .dropped(let count): return .rejected(.pasteDropped(lines: count))
        case .none: break
        }
        prompt = request.prompt
        remembersLine = request.isRemembered
        return await withCheckedContinuation { continuation in
            if request.isSecret {
                startSecret(continuation, prompt: request.prompt)
            } else {
                reading = .line(continuation)
                // A line an Alt-N left, or typed during a wait, comes back in the next prompt, as a draft does.
                let draft = [request.draft, lineBeforeShortcut ?? "", lineTypedAhead ?? ""].first { !$0.isEmpty } ?? ""
                lineBeforeShortcut = nil
                lineTypedAhead = nil
                beginLine(prompt: request.prompt, draft: draft)
            }
        }
    }

    /// Gives the terminal to libedit for a line after `prompt`, `draft` in it, and reads keys for it.
    func beginLine(prompt: String, draft: String) {
        terminal.restoreEndOfFileKey()
        terminal.setTypingModes(true)
        editor.begin(prompt: prompt)
        lineModes = terminal.current()
        if !draft.isEmpty {
            hideLine()
            editor.insert(draft)
            showLine()
        }
        setInput(running: true)
    }

    /// Hands libedit the next key, and the line to the REPL when it ends.
    private func readKey() {
        take(editor.readKey())
        // A string binding (editrc's `bind -s`) puts its text back for libedit, which takes one
        // character a call: the rest is taken now, until libedit asks for a key again.
        probing = true
        keyAsked = false
        defer { probing = false }
        while isEditingLine, !keyAsked { take(editor.readKey()) }
    }

    private func take(_ step: LineEditor.Step) {
        switch step {
        case .editing: break
        case .entered(let text): lineEntered(text)
        case .ended: lineEntered(nil)
        }
    }

    private func lineEntered(_ text: String?) {
        let continuation: CheckedContinuation<LineReadResult, Never>?
        switch reading {
        case .line(let asked): continuation = asked
        case .ahead: continuation = nil
        case .nothing, .secret: return
        }
        stopLine()
        let result = enteredResult(text)
        if let continuation { continuation.resume(returning: result) } else { enteredDuringWait(result) }
    }

    /// What a line ended with Enter (`text`), or with Ctrl-D (nil), gives the REPL.
    private func enteredResult(_ text: String?) -> LineReadResult {
        let paste = pasted
        pasted = nil
        guard let text else {
            write("\n")
            return .end
        }
        let typed = LineDecoder.decode(Array(text.utf8))
        switch (typed, paste) {
        case (.line(let before), .paste(let text)?):
            // What was typed before the paste begins it; none of it goes into the history.
            return .paste(before + text)
        case (.line, let refused?):
            return refused
        default:
            if case .line(let line) = typed, remembersLine, !enteredByShortcut { history.remember(line) }
            enteredByShortcut = false
            return typed
        }
    }

    /// Takes the line being typed away from libedit and the keyboard; reading nothing after.
    func stopLine() {
        editor.finish()
        terminal.setTypingModes(false)
        terminal.holdTypedKeys()
        setInput(running: false)
        reading = .nothing
        hiddenByStop = false
    }

    // MARK: - Lines kept for the next prompt

    /// The line being typed when Alt-N was pressed: it comes back at the next prompt.
    var lineBeforeShortcut: String?
    /// Whether the line entered is Alt-N's `/w N`, which stays out of the history.
    var enteredByShortcut = false

    /// The line typed during a wait (`showTypingAhead`), left half typed.
    var lineTypedAhead: String?
    /// The line entered during a wait: the next line read.
    var enteredAhead: LineReadResult?

    // MARK: - Pastes and the history search

    /// A paste of several lines (or a refused one) that ended the line being typed.
    var pasted: LineReadResult?
    /// The lines of a paste that holds a command, entered one by one as if typed.
    var pastedLines = PastedLines(passwordCommands: CommandTable.passwordCommandNames)
    /// Ctrl-R's search, while it runs.
    var search: HistorySearch?
    /// Where Tab's words come from (`completes(from:)`).
    var completionSource: (@MainActor () async -> (any LineCompleting)?)?
    /// Whether Tab's words are being read: keys wait meanwhile.
    var completing = false
    /// The line as the last Tab left it: a Tab on the same line again lists the matches.
    var lineAfterLastTab: String?

    func completes(from source: @escaping @MainActor () async -> (any LineCompleting)?) {
        completionSource = source
    }

    /// What Ctrl-C does while a command runs (`interruptsCommands`).
    var commandInterrupt: (@MainActor () -> Void)?

    func interruptsCommands(with handler: (@MainActor () -> Void)?) {
        commandInterrupt = handler
    }

    private func inputReady() {
        signals.deliverPending()
        switch reading {
        case .nothing: setInput(running: false)
        case .line, .ahead:
            readKey()
            // Keys put aside after an Escape (Alt-Enter's Enter) come with no input event of their own.
            while TerminalKeys.hasKeysAhead, isEditingLine { readKey() }
            // With text on the line, libedit takes the end of input for Ctrl-D and goes on
            // waiting for keys that will never come: the session ends, as on SIGHUP.
            if TerminalKeys.isHungUp { received(SIGHUP) }
        case .secret: secretByte()
        }
    }

    func setInput(running: Bool) {
        guard running != inputRunning else { return }
        inputRunning = running
        if running { input.resume() } else { input.suspend() }
    }

    // MARK: - Keys

    /// The next character for libedit, a whole code point; a paste goes to the line being typed
    /// (`takePaste`), and keys go to Ctrl-R's search while it runs.
    private static func nextCharacter() -> Int32 {
        MainActor.assumeIsolated { activeReader?.nextKey() ?? EOF }
    }

    private func nextKey() -> Int32 {
        if probing {
            keyAsked = true
            // Nothing: libedit then runs no command.
            return EOF
        }
        switch TerminalKeys.next() {
        case .codePoint(let value): return search == nil ? value : searchKey(value)
        case .paste(let bytes): return takePaste(bytes)
        }
    }

    func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = Foundation.write(STDOUT_FILENO, &bytes, bytes.count)
    }
}
