@preconcurrency import CEditLine
import Foundation
import TudyKit

/// What the C callbacks of libedit reach: they take no context, so it lives here.
/// Only the main thread touches it, between a prompt and its line.
nonisolated(unsafe) private var completionVocabulary: CompletionVocabulary?
/// The SIGINT and SIGWINCH handler writes a byte here. A signal may land on any of tudy's threads,
/// so a flag alone would not stop the main thread's read; a byte on this pipe wakes its poll.
nonisolated(unsafe) private var interruptPipe: [Int32] = [-1, -1]

/// Lines typed at a terminal, edited with libedit: completion, a history file, Ctrl-C
/// that clears the line; passwords read without echo, apart from the editor and its history.
@MainActor
final class EditLineReader: LineReader {
    private let historyPath: String?
    private var lastEntry: String?

    /// - Parameter historyPath: the history file, made 0600 if missing; nil for no history.
    init(historyPath: String?) {
        self.historyPath = historyPath
        setlocale(LC_ALL, "")
        Self.installInterruptHandler()
        rl_readline_name = UnsafePointer(strdup("tudy"))
        // tudy handles SIGINT itself; libedit reads through `nextByte`, which Ctrl-C ends.
        rl_catch_signals = 0
        rl_getc_function = { _ in EditLineReader.nextCharacter() }
        rl_attempted_completion_function = { text, start, end in
            EditLineReader.complete(text: text, start: start, end: end)
        }
        stifle_history(Int32(HistoryPolicy.limit))
        if let historyPath {
            _ = read_history(historyPath)
            if history_length > 0, let entry = history_get(history_base + history_length - 1) {
                lastEntry = String(cString: entry.pointee.line)
            }
        }
    }

    func readLine(_ request: LineRequest) -> LineReadResult {
        if request.isSecret { return readSecret(prompt: request.prompt) }
        completionVocabulary = request.completion
        Self.drainInterrupts()
        wasInterrupted = false
        guard let raw = CEditLine.readline(request.prompt) else {
            writeOut("\n")
            return wasInterrupted ? .interrupted : .end
        }
        defer { free(raw) }
        let result = LineDecoder.decode(UnsafeBufferPointer(start: raw, count: strlen(raw)).map { UInt8(bitPattern: $0) })
        if case .line(let line) = result { remember(line) }
        return result
    }

    private func remember(_ line: String) {
        guard let entry = HistoryPolicy.entry(for: line, previous: lastEntry) else { return }
        add_history(entry)
        lastEntry = entry
        guard let historyPath else { return }
        // Made 0600 before libedit writes it, and kept so.
        let descriptor = open(historyPath, O_CREAT | O_WRONLY, 0o600)
        if descriptor >= 0 { close(descriptor) }
        _ = write_history(historyPath)
        chmod(historyPath, 0o600)
    }

    // MARK: - Completion

    /// libedit's completion hook: the matches for the word before the cursor, never file names.
    private static func complete(
        text: UnsafePointer<CChar>?, start: Int32, end: Int32
    ) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        rl_attempted_completion_over = 1
        guard let vocabulary = completionVocabulary, let text, let buffer = rl_line_buffer else { return nil }
        let lineBytes = UnsafeBufferPointer(start: buffer, count: Int(end)).map { UInt8(bitPattern: $0) }
        let line = String(decoding: lineBytes, as: UTF8.self)
        let word = String(cString: text)
        let matches = vocabulary.candidates(for: word, in: line)
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

    // MARK: - Passwords

    /// Reads a password with echo off; the terminal is put back however the read ends.
    ///
    /// Echo goes off before the prompt is written, and the mode changes with `TCSANOW`, so a
    /// password typed or pasted ahead of the prompt is kept and never shown. The terminal is
    /// read byte by byte, not by lines: what arrived while libedit had it in raw mode carries
    /// no line boundary for the kernel, so the line's end (CR or LF) and erasing are handled here.
    private func readSecret(prompt: String) -> LineReadResult {
        var saved = termios()
        let hasTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        if hasTerminal {
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO | ICANON)
            withUnsafeMutableBytes(of: &silent.c_cc) { $0[Int(VMIN)] = 1; $0[Int(VTIME)] = 0 }
            tcsetattr(STDIN_FILENO, TCSANOW, &silent)
        }
        writeOut(prompt)
        defer {
            if hasTerminal { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
            writeOut("\n")
        }
        Self.drainInterrupts()
        wasInterrupted = false
        var bytes: [UInt8] = []
        while true {
            guard let byte = Self.nextByte() else {
                if wasInterrupted { return .interrupted }
                return bytes.isEmpty ? .end : LineDecoder.decode(bytes)
            }
            switch byte {
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                return LineDecoder.decode(bytes)
            case 0x04 where bytes.isEmpty:  // Ctrl-D on an empty line
                return .end
            case 0x7F, 0x08:  // erase one character: its UTF-8 continuation bytes, then its lead
                while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
            case 0x15:  // Ctrl-U: erase the line
                bytes.removeAll()
            default:
                if bytes.count <= LineDecoder.maximumLineBytes { bytes.append(byte) }
            }
        }
    }

    // MARK: - Signals and output

    /// Whether the last read ended with Ctrl-C.
    nonisolated(unsafe) private static var wasInterrupted = false
    private var wasInterrupted: Bool {
        get { Self.wasInterrupted }
        set { Self.wasInterrupted = newValue }
    }

    /// Ctrl-C ends the read under way instead of tudy.
    private static func installInterruptHandler() {
        guard pipe(&interruptPipe) == 0 else { return }
        _ = fcntl(interruptPipe[1], F_SETFL, O_NONBLOCK)
        _ = fcntl(interruptPipe[0], F_SETFL, O_NONBLOCK)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { signal in
            var byte: UInt8 = signal == SIGWINCH ? 2 : 1  // windowChanged : interrupted
            _ = write(interruptPipe[1], &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, nil)
        sigaction(SIGWINCH, &action, nil)
    }

    private static let interrupted: UInt8 = 1
    private static let windowChanged: UInt8 = 2

    /// Reads what the signal handler wrote: whether Ctrl-C was among it. A changed window
    /// size is passed on to libedit here, outside the handler.
    @discardableResult
    private static func drainInterrupts() -> Bool {
        var sink = [UInt8](repeating: 0, count: 64)
        var sawInterrupt = false
        while true {
            let count = read(interruptPipe[0], &sink, sink.count)
            guard count > 0 else { return sawInterrupt }
            if sink[..<count].contains(windowChanged) { rl_resize_terminal() }
            if sink[..<count].contains(interrupted) { sawInterrupt = true }
        }
    }

    /// The next character for libedit, which takes a whole code point from this hook:
    /// one UTF-8 sequence decoded, or EOF at the end of input or on Ctrl-C.
    private static func nextCharacter() -> Int32 {
        guard let lead = nextByte() else { return EOF }
        let length = lead < 0x80 ? 1 : lead >> 5 == 0b110 ? 2 : lead >> 4 == 0b1110 ? 3 : lead >> 3 == 0b11110 ? 4 : 1
        var bytes = [lead]
        while bytes.count < length {
            guard let next = nextByte() else { return EOF }
            bytes.append(next)
        }
        guard let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first else {
            return 0xFFFD
        }
        return Int32(scalar.value)
    }

    /// The next byte of standard input, or nil at its end or when Ctrl-C was pressed.
    private static func nextByte() -> UInt8? {
        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: interruptPipe[0], events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&fds, nfds_t(interruptPipe[0] >= 0 ? 2 : 1), -1)
            if ready < 0 && errno == EINTR { continue }
            if ready < 0 { return nil }
            if fds[1].revents & Int16(POLLIN) != 0 {
                guard drainInterrupts() else { continue }
                wasInterrupted = true
                return nil
            }
            var byte: UInt8 = 0
            let count = read(STDIN_FILENO, &byte, 1)
            if count < 0 && errno == EINTR { continue }
            return count == 1 ? byte : nil
        }
    }

    private func writeOut(_ text: String) {
        var bytes = Array(text.utf8)
        _ = write(STDOUT_FILENO, &bytes, bytes.count)
    }
}
