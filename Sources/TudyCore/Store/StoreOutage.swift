/// An error that says the store is away for now (a lost connection, a database coming back),
/// not that what was asked is wrong: a message typed meanwhile waits for it.
package protocol StoreOutage: Error {
    /// Whether this error is such an outage.
    var isOutage: Bool { get }
    /// Whether what was asked may have been done all the same (its answer is what was lost).
    var leavesOutcomeUnknown: Bool { get }
}

extension StoreOutage {
    package var leavesOutcomeUnknown: Bool { false }
}

/// Tells an outage from other errors, whatever the store.
package enum Outage {
    /// Whether `error` says the store is away for now.
    package static func matches(_ error: any Error) -> Bool {
        (error as? any StoreOutage)?.isOutage ?? false
    }

    /// Whether `error` leaves unknown whether what was asked was done.
    package static func leavesOutcomeUnknown(_ error: any Error) -> Bool {
        (error as? any StoreOutage)?.leavesOutcomeUnknown ?? false
    }
}
