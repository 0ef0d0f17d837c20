@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// Hands out a script's lines and echoes each into the transcript; passwords as stars.
@MainActor
final class ScriptedLineReader: LineReader {
    private var results: [LineReadResult]
    private let output: RecordingOutput
    private(set) var requests: [LineRequest] = []

    init(_ results: [LineReadResult], output: RecordingOutput) {
        self.results = results
        self.output = output
    }

    convenience init(script: String, output: RecordingOutput) {
        var lines = script.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        self.init(lines.map(LineReadResult.line), output: output)
    }

    func readLine(_ request: LineRequest) async -> LineReadResult {
        requests.append(request)
        guard !results.isEmpty else { return .end }
        let result = results.removeFirst()
        switch result {
        case .line(let line): output.echo(request.isSecret ? "********" : line)
        case .paste(let text): output.echo("(pasted: \(text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " | ")))")
        case .rejected(let error): output.echo("(rejected: \(error))")
        case .interrupted: output.echo("^C")
        case .end: break
        }
        return result
    }
}
