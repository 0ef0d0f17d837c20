import TudyApp
import TudyCore
import TudyTerminal

/// `--json` at a terminal: lines are still read by the line editor (a password without echo),
/// but no prompt is shown, as none appears in JSON output.
@MainActor
final class PromptlessReader: LineReader {
    private let reader: any LineReader

    init(_ reader: any LineReader) {
        self.reader = reader
    }

    func readLine(_ request: LineRequest) async -> LineReadResult {
        var request = request
        request.prompt = ""
        return await reader.readLine(request)
    }
}
