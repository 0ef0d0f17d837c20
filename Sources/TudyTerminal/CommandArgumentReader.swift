import TudyCore

/// `tudy -c LINE …`: the lines given as arguments, read first and in order. A password is
/// never one of them: when one is asked for, it is read from standard input or the terminal.
/// After the last, the session reads on from standard input when `readsOn`, or ends.
@MainActor
package final class CommandArgumentReader: LineReader {
    private var lines: [String]
    private let rest: any LineReader
    private let readsOn: Bool

    /// - Parameters:
    ///   - lines: the command-line arguments, each a line read first.
    ///   - rest: where passwords (and, when `readsOn`, the lines after the arguments) are read.
    ///   - readsOn: whether the session goes on with `rest` once the arguments are done.
    package init(lines: [String], rest: any LineReader, readsOn: Bool) {
        self.lines = lines
        self.rest = rest
        self.readsOn = readsOn
    }

    package func readLine(_ request: LineRequest) async -> LineReadResult {
        if request.isSecret { return await rest.readLine(request) }
        guard !lines.isEmpty else { return readsOn ? await rest.readLine(request) : .end }
        // An argument is checked as a typed line is: no NUL, not over the longest line.
        return LineDecoder.decode(Array(lines.removeFirst().utf8))
    }

    package func suspendPrompt() {
        rest.suspendPrompt()
    }

    package func resumePrompt(_ prompt: String?) {
        rest.resumePrompt(prompt)
    }

    /// Tab completes in what is typed after the arguments (`tudy --user NAME` at a terminal).
    package func completes(from source: @escaping @MainActor () async -> (any LineCompleting)?) {
        rest.completes(from: source)
    }
}
