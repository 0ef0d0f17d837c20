import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// A store's change stream, read for a test.
typealias ChangeRecorder = StreamRecorder<StoreChange>

/// Reads a stream for a test (a store's changes, its connection's reports): each wait has a
/// deadline and, when it passes, fails at once, saying what was expected and what arrived.
actor StreamRecorder<Element: Sendable> {
    private var buffer: [Element] = []
    private var waiter: CheckedContinuation<Void, Never>?
    private var consumer: Task<Void, Never>?

    /// Starts reading `stream` at once.
    static func reading(_ stream: AsyncStream<Element>) async -> StreamRecorder {
        let recorder = StreamRecorder()
        await recorder.start(stream)
        return recorder
    }

    private func start(_ stream: AsyncStream<Element>) {
        consumer = Task { [weak self] in
            for await change in stream { await self?.add(change) }
        }
    }

    deinit {
        consumer?.cancel()
    }

    private func add(_ change: Element) {
        buffer.append(change)
        wake()
    }

    private func wake() {
        waiter?.resume()
        waiter = nil
    }

    /// The next `count` changes, within `seconds`; records an issue, and returns what came, if they do not.
    func next(_ count: Int, within seconds: Double = 5, sourceLocation: SourceLocation = #_sourceLocation) async -> [Element] {
        guard await waitUntil(within: seconds, { $0.count >= count }) else {
            Issue.record("expected \(count) changes within \(seconds) s, saw \(buffer.count): \(buffer)", sourceLocation: sourceLocation)
            defer { buffer.removeAll() }
            return buffer
        }
        defer { buffer.removeFirst(count) }
        return Array(buffer.prefix(count))
    }

    /// The changes up to and including the first that `isIt`, within `seconds`: for changes a
    /// store may tell as one (quick changes of one message); records an issue, saying what
    /// came, if none does.
    func until(
        within seconds: Double = 5, sourceLocation: SourceLocation = #_sourceLocation, _ isIt: @Sendable (Element) -> Bool
    ) async -> [Element] {
        guard await waitUntil(within: seconds, { $0.contains(where: isIt) }) else {
            Issue.record("no awaited change within \(seconds) s; saw \(buffer)", sourceLocation: sourceLocation)
            defer { buffer.removeAll() }
            return buffer
        }
        let end = buffer.firstIndex(where: isIt)! + 1
        defer { buffer.removeFirst(end) }
        return Array(buffer.prefix(end))
    }

    /// Everything that arrived, once it is `enough` or `seconds` have passed; records an issue,
    /// saying what came, if it is not: for a test that looks at all of what was told at once.
    func all(
        within seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation, until enough: @Sendable ([Element]) -> Bool
    ) async -> [Element] {
        if !(await waitUntil(within: seconds, enough)) {
            Issue.record("what was awaited did not come within \(seconds) s; saw \(buffer)", sourceLocation: sourceLocation)
        }
        defer { buffer.removeAll() }
        return buffer
    }

    /// Waits until what arrived is `enough`, or `seconds` have passed; whether it is.
    private func waitUntil(within seconds: Double, _ enough: ([Element]) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !enough(buffer) {
            guard ContinuousClock.now < deadline else { return false }
            let timer = Task { [weak self] in
                try? await Task.sleep(until: deadline)
                await self?.wake()
            }
            await withCheckedContinuation { waiter = $0 }
            timer.cancel()
        }
        return true
    }

    /// What arrived and was not taken yet.
    var pending: [Element] { buffer }
}
