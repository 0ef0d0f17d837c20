import Foundation
import Testing

/// A program (tudy, or a script that drives it) running beside a test: its input a pipe the
/// test writes to, its output gathered as it comes, so that a test can wait for a line.
final class RunningTudy: @unchecked Sendable {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()
    private var gathered = Data()

    /// Starts `executable` with `arguments`; standard error joins standard output.
    init(_ executable: URL, _ arguments: [String], environment: [String: String] = [:]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let chunk = handle.availableData
            guard let self, !chunk.isEmpty else { return }
            self.lock.withLock { self.gathered += chunk }
        }
        try process.run()
    }

    /// What it printed so far.
    var text: String { lock.withLock { String(decoding: gathered, as: UTF8.self) } }

    /// Writes lines to its input.
    func send(_ lines: String...) {
        write(lines.map { $0 + "\n" }.joined())
    }

    /// Writes `text` to its input as it is: a line may be left unfinished.
    func write(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Waits until its output holds `expected`, for up to `seconds`; fails at once when it does not,
    /// showing what it printed.
    @discardableResult
    func waitFor(_ expected: String, seconds: Double = 20, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !text.contains(expected) && Date() < deadline {
            usleep(5_000)
        }
        guard text.contains(expected) else {
            Issue.record("expected \"\(expected)\" within \(seconds) s; it printed:\n\(text)", sourceLocation: sourceLocation)
            return false
        }
        return true
    }

    /// Closes its input and waits for it to end; its exit status.
    func finish() -> Int32 {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        lock.withLock { gathered += output.fileHandleForReading.readDataToEndOfFile() }
        return process.terminationStatus
    }

    /// Stops it and the programs it started (a script's tudy), at once.
    func stop() {
        guard process.isRunning else { return }
        let id = process.processIdentifier
        let children = (try? String(contentsOfFile: "/proc/\(id)/task/\(id)/children", encoding: .utf8)) ?? ""
        // SIGKILL: a child spawned from a Dispatch thread inherits its blocked SIGTERM.
        for child in children.split(separator: " ").compactMap({ pid_t($0) }) { kill(child, SIGKILL) }
        kill(id, SIGKILL)
        process.waitUntilExit()
    }
}
