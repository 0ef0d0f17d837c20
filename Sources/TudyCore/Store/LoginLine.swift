import Synchronization

/// Tries to log in as one name, taken one at a time, in the order they came.
///
/// A try counts as failed until its password is found right (so that tries made at once can
/// not all pass through one due try); tries at once for one name, even with the right password
/// (one person's devices, a script's processes through one server), would otherwise count one
/// another as failures and be told to wait. Tries for different names do not wait on each other.
package final class LoginLine: Sendable {
    /// How many tries for one name may wait at once; one more is refused
    /// (`StoreError.passwordChecksBusy`).
    package static let waitingLimit = 32

    /// Per name being tried, those waiting for their turn, first first.
    private let waiting = Mutex<[String: [CheckedContinuation<Void, Never>]]>([:])

    package init() {}

    /// Waits for the turn of a try for `key`; `leave(key)` must follow.
    /// - Throws: `StoreError.passwordChecksBusy` when `waitingLimit` wait already.
    package func enter(_ key: String) async throws {
        var isFull = false
        await withCheckedContinuation { (turn: CheckedContinuation<Void, Never>) in
            let isFirst = waiting.withLock { line -> Bool in
                guard var queue = line[key] else {
                    line[key] = []
                    return true
                }
                guard queue.count < Self.waitingLimit else {
                    isFull = true
                    return true
                }
                queue.append(turn)
                line[key] = queue
                return false
            }
            if isFirst { turn.resume() }
        }
        if isFull { throw StoreError.passwordChecksBusy }
    }

    /// How many tries for `key` wait for their turn now.
    func waitingCount(for key: String) -> Int {
        waiting.withLock { $0[key]?.count ?? 0 }
    }

    /// Ends the turn for `key`: the next try waiting, if any, goes.
    package func leave(_ key: String) {
        let next = waiting.withLock { line -> CheckedContinuation<Void, Never>? in
            guard var queue = line[key], !queue.isEmpty else {
                line[key] = nil
                return nil
            }
            let next = queue.removeFirst()
            line[key] = queue
            return next
        }
        next?.resume()
    }

    /// A login as every store makes it: a place in the line of password checks first (one
    /// refused costs nothing else), one try at a time for a name, the try recorded as failed
    /// before its password is checked (so that tries made at once can not all pass through
    /// one due try), and a session only once the password is found right.
    /// - Parameters:
    ///   - recordingTry: the store's one atomic step for the name's key: forget failures made
    ///     before `LoginThrottle.forgettingBefore`, ask `LoginThrottle.admit` whether this try
    ///     may go ahead, record it as failed, and find the account and its password's hash.
    ///   - succeeding: the store's step once the password is right: forget the name's
    ///     failures and open a session for the account.
    package func logIn<Account: Sendable>(
        name: String, password: String, hasher: any PasswordHasher,
        isolation: isolated (any Actor)? = #isolation,
        recordingTry: (_ key: String) async throws -> (account: Account, passwordHash: String)?,
        succeeding: (_ key: String, _ account: Account) async throws -> Session
    ) async throws -> Session {
        // No account has it: refused before it takes a place in the line or a throttle's row.
        try TextBounds.check(name)
        guard Accounts.mayBeName(name) else { throw StoreError.wrongCredentials }
        let key = Accounts.key(name)
        let place = try hasher.placeInLine()
        try await enter(key)
        defer { leave(key) }
        let found = try await recordingTry(key)
        guard try await hasher.checksLogin(password, against: found?.passwordHash, in: place), let found else {
            throw StoreError.wrongCredentials
        }
        return try await succeeding(key, found.account)
    }
}
