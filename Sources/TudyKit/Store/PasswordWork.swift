import Foundation

/// Runs password hashing, slow on purpose, on threads of its own, two at a time, never on
/// Swift's cooperative pool or inside a store's actor: logins made by the hundred (for names
/// that do not exist, say) wait their turn here, while every other request goes on.
enum PasswordWork {
    /// How many hashes run at once: 2.
    static let concurrentLimit = 2

    private static let queue: OperationQueue = {
        let queue = OperationQueue()
        queue.name = "tudy.password-work"
        queue.maxConcurrentOperationCount = concurrentLimit
        return queue
    }()

    static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.addOperation { continuation.resume(with: Result { try body() }) }
        }
    }
}

extension PasswordHasher {
    /// `hash`, run as `PasswordWork` does.
    public func hashed(_ password: String) async throws -> String {
        try await PasswordWork.run { try self.hash(password) }
    }

    /// `verifyLogin`, run as `PasswordWork` does.
    public func checksLogin(_ password: String, against encoded: String?) async -> Bool {
        (try? await PasswordWork.run { self.verifyLogin(password, against: encoded) }) ?? false
    }
}
