/// How many connections each address has open, so that one address can not take them all.
actor AddressCount {
    let limit: Int
    private var counts: [String: Int] = [:]

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts one more connection from `address`, unless it has `limit` open already.
    func open(_ address: String) -> Bool {
        let count = counts[address, default: 0]
        guard count < limit else { return false }
        counts[address] = count + 1
        return true
    }

    /// Counts one of `address`'s connections as closed.
    func close(_ address: String) {
        let count = counts[address, default: 1] - 1
        counts[address] = count > 0 ? count : nil
    }
}
