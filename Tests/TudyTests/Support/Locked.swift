import Foundation

/// A value that a test changes while the code under test reads it from other threads,
/// such as the time of a hand-moved clock.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }

    /// Changes the value in one go, so that two threads changing it at once both count.
    func mutate(_ change: (inout Value) -> Void) {
        lock.withLock { change(&stored) }
    }
}
