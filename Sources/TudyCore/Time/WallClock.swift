import Foundation

/// Where tudy reads the time, injected so that transcripts are reproducible.
public struct WallClock: Sendable {
    /// The current time.
    public let now: @Sendable () -> Date

    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// A clock that starts at `start` and moves one second each time it is read.
    package static func stepping(from start: Date) -> WallClock {
        let ticks = Ticks()
        return WallClock { start.addingTimeInterval(TimeInterval(ticks.next())) }
    }
}

/// A counter shared by the reads of a stepping clock.
private final class Ticks: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        defer { count += 1 }
        return count
    }
}
