import Foundation

/// How failed logins slow further tries for one name, whether or not the name exists,
/// so that the wait tells nothing about which names are taken.
package enum LoginThrottle {
    /// Failures allowed before any wait.
    package static let freeFailures = 3
    /// The longest wait, in seconds.
    package static let longestWait = 300
    /// How long a name's failures are kept after its last one: a day. Then every store deletes
    /// them, at the next login (the name has its free tries again), so that failed logins for
    /// names nobody has, which anyone can make, hold no more than a day's worth.
    package static let forgottenAfter: TimeInterval = 24 * 60 * 60

    /// The moment before which a last failure is forgotten, at `now`.
    package static func forgettingBefore(_ now: Date) -> Date {
        now.addingTimeInterval(-forgottenAfter)
    }

    /// Seconds to wait after `failures` failed tries: 2, 4, 8… from the fourth on.
    package static func wait(afterFailures failures: Int) -> Int {
        guard failures > freeFailures else { return 0 }
        let exponent = min(failures - freeFailures, 9)
        return min(1 << exponent, longestWait)
    }

    /// Seconds still to wait before another try; 0 when a try may go ahead now.
    package static func remaining(failures: Int, lastFailure: Date?, now: Date) -> Int {
        guard let lastFailure else { return 0 }
        let due = lastFailure.addingTimeInterval(TimeInterval(wait(afterFailures: failures)))
        return max(0, Int(due.timeIntervalSince(now).rounded(.up)))
    }

    /// Throws `StoreError.tooManyAttempts` when a name's failures say its next try must wait.
    package static func admit(failures: Int, lastFailure: Date?, now: Date) throws {
        let wait = remaining(failures: failures, lastFailure: lastFailure, now: now)
        guard wait == 0 else { throw StoreError.tooManyAttempts(waitSeconds: wait) }
    }
}
