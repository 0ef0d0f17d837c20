/// How many of something each key holds open (connections of an address, subscriptions of a
/// user), so that no one key can take them all.
actor OpenCounts {
    let limit: Int
    private var counts: [String: Int] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts one more for `key`, unless it holds `limit` already.
    func open(_ key: String) -> Bool {
        let count = counts[key, default: 0]
        guard count < limit else { return false }
        counts[key] = count + 1
        return true
    }

    /// Whether `key` has one open or more.
    func isOpen(_ key: String) -> Bool {
        counts[key] != nil
    }

    /// Counts one of `key`'s as closed.
    func close(_ key: String) {
        let count = counts[key, default: 1] - 1
        counts[key] = count > 0 ? count : nil
    }
}
