import Foundation

/// Holds every task that passes it until it is opened; once open, lets all through.
final class CallGate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func pass() async {
        await withCheckedContinuation { continuation in
            let goes = lock.withLock {
                if isOpen { return true }
                waiting.append(continuation)
                return false
            }
            if goes { continuation.resume() }
        }
    }

    func open() {
        let held = lock.withLock {
            isOpen = true
            defer { waiting = [] }
            return waiting
        }
        for continuation in held { continuation.resume() }
    }
}
