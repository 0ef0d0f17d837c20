import Foundation
import Synchronization

/// Runs password hashing, slow on purpose, on threads of its own, two at a time, never on
/// Swift's cooperative pool or inside a store's actor: logins made by the hundred (for names
/// that do not exist, say) wait their turn here, while every other request goes on.
final class PasswordWork: Sendable {
    /// How many hashes run at once: 2.
    static let concurrentLimit = 2
    /// How many may wait or run at once; one more is refused (`StoreError.passwordChecksBusy`)
    /// rather than kept: each costs a task and a socket held for as long as the line is.
    static let waitingLimit = 256

    /// The one every store's hashing goes through.
    static let shared = PasswordWork(concurrentLimit: concurrentLimit, waitingLimit: waitingLimit)

    let waitingLimit: Int
    private let queue: OperationQueue
    private let waiting = Mutex(0)

    init(concurrentLimit: Int, waitingLimit: Int) {
        self.waitingLimit = waitingLimit
        queue = OperationQueue()
        queue.name = "tudy.password-work"
        queue.maxConcurrentOperationCount = concurrentLimit
    }

    /// How many wait or run now.
    var waitingCount: Int { waiting.withLock { $0 } }

    /// - Throws: `StoreError.passwordChecksBusy` when `waitingLimit` are in line already.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let admitted = waiting.withLock { count in
            guard count < waitingLimit else { return false }
            count += 1
            return true
        }
        guard admitted else { throw StoreError.passwordChecksBusy }
        return try await withCheckedThrowingContinuation { continuation in
            queue.addOperation {
                let result = Result { try body() }
                self.waiting.withLock { $0 -= 1 }
                continuation.resume(with: result)
            }
        }
    }
}

extension PasswordHasher {
    /// `hash`, run as `PasswordWork` does.
    public func hashed(_ password: String) async throws -> String {
        try await PasswordWork.shared.run { try self.hash(password) }
    }

    /// `verifyLogin`, run as `PasswordWork` does.
    /// - Throws: `StoreError.passwordChecksBusy` when too many wait already.
    public func checksLogin(_ password: String, against encoded: String?) async throws -> Bool {
        try await PasswordWork.shared.run { self.verifyLogin(password, against: encoded) }
    }
}
