import Foundation
import Logging
import Testing

/// What a server in the test process logs, every level, kept for the test to read.
final class ServerLog: @unchecked Sendable {
    struct Record: Sendable, CustomStringConvertible {
        let level: Logger.Level
        let message: String
        /// The record's metadata, as `key=value` pairs in key order.
        var details = ""
        var description: String { "\(level): \(message) \(details)" }
    }

    private let lock = NSLock()
    private var kept: [Record] = []
    private var records: [Record] { lock.withLock { kept } }

    /// A logger that writes here.
    var logger: Logger {
        Logger(label: "tudy.test-server") { _ in Handler(log: self) }
    }

    /// Hummingbird's record of each of `count` connections that never became a WebSocket, at
    /// whichever level it logged it; waited for as `waitFor` does.
    func upgradesGivenUp(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async -> [Record] {
        await waitFor(count, of: ["Upgrade failed as input was closed", "Error handling upgrade result"], sourceLocation: sourceLocation)
    }

    /// Waits until `count` records have a message holding one of `messages`, for up to `within`,
    /// and returns those; fails at once when they do not come, showing what was logged.
    func waitFor(
        _ count: Int, of messages: [String], within: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation
    ) async -> [Record] {
        let deadline = ContinuousClock.now + within
        func matching() -> [Record] { records.filter { record in messages.contains { record.message.contains($0) } } }
        while matching().count < count && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        let found = matching()
        if found.count < count {
            Issue.record("expected \(count) log records of \(messages) within \(within); the log holds:\n\(records)", sourceLocation: sourceLocation)
        }
        return found
    }

    /// Whether a record's message holds `message` yet.
    func contains(_ message: String) -> Bool {
        records.contains { $0.message.contains(message) || $0.details.contains(message) }
    }

    private func keep(_ record: Record) {
        lock.withLock { kept.append(record) }
    }

    private struct Handler: LogHandler {
        let log: ServerLog
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            let details = all.keys.sorted().map { "\($0)=\(all[$0]!)" }.joined(separator: " ")
            log.keep(Record(level: event.level, message: "\(event.message)", details: details))
        }
    }
}
