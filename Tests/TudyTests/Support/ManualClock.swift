import Foundation
@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// A clock a test moves by hand.
final class ManualClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date) {
        current = start
    }

    func advance(by seconds: TimeInterval) {
        lock.withLock { current += seconds }
    }

    var wallClock: WallClock {
        WallClock { [self] in lock.withLock { current } }
    }
}
