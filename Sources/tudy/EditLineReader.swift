import CEditLine
import Foundation
import TudyKit

/// Lines typed at a terminal, edited with libedit; passwords read without echo.
@MainActor
final class EditLineReader: LineReader {
    private let secretReader = StandardInputReader.make()

    init() {
        setlocale(LC_ALL, "")
    }

    func readLine(_ request: LineRequest) -> LineReadResult {
        if request.isSecret { return readSecret(prompt: request.prompt) }
        guard let raw = CEditLine.readline(request.prompt) else {
            // Ctrl-D on an empty line: leave on a fresh line.
            FileHandle.standardOutput.write(Data("\n".utf8))
            return .end
        }
        defer { free(raw) }
        let length = strlen(raw)
        return LineDecoder.decode(UnsafeBufferPointer(start: raw, count: length).map { UInt8(bitPattern: $0) })
    }

    /// Turns echo off for one line and always turns it back on.
    private func readSecret(prompt: String) -> LineReadResult {
        FileHandle.standardOutput.write(Data(prompt.utf8))
        var saved = termios()
        let hasTerminal = tcgetattr(STDIN_FILENO, &saved) == 0
        if hasTerminal {
            var silent = saved
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSAFLUSH, &silent)
        }
        defer {
            if hasTerminal { tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
            FileHandle.standardOutput.write(Data("\n".utf8))
        }
        return secretReader.readLine(LineRequest(prompt: "", isSecret: true))
    }
}
