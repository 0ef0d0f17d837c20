/// An error that says the store is away for now (a lost connection, a database coming back),
/// not that what was asked is wrong: a message typed meanwhile waits for it.
public protocol StoreOutage: Error {
    /// Whether this error is such an outage.
    var isOutage: Bool { get }
}

/// Tells an outage from other errors, whatever the store.
public enum Outage {
    /// Whether `error` says the store is away for now.
    public static func matches(_ error: any Error) -> Bool {
        (error as? any StoreOutage)?.isOutage ?? false
    }
}
