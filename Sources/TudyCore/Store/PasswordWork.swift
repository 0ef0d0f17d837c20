import Foundation
import Synchronization

/// Runs password hashing, slow on purpose, on threads of its own, on at most half the
/// processors and at the lowest priority there is, never on Swift's cooperative pool or inside a
/// store's actor: logins made by the hundred (for names that do not exist, say) wait their
/// turn here, and while they are hashed every other request is given the processor first,
/// the database's own processes too.
final class PasswordWork: Sendable {
    /// How many hashes run at once: half the processors, and at least one. The other half
    /// is never taken by hashing, so a flood of logins leaves every other request a processor
    /// that is free at once: with both of two processors hashing, even at the lowest priority,
    /// an honest message on PostgreSQL waited 0.2 s at p99 under 50 login flooders, against
    /// 16 ms with one.
    static let concurrentLimit = max(1, ProcessInfo.processInfo.activeProcessorCount / 2)
    /// How many may wait or run at once; one more is refused (`StoreError.passwordChecksBusy`)
    /// rather than kept: each costs a task and a socket held for as long as the line is.
    static let waitingLimit = 256
    /// Linux's policy for threads that run only when nothing else would (`SCHED_IDLE`, which
    /// Glibc's headers show Swift only under `_GNU_SOURCE`).
    static let idlePolicy: Int32 = 5

    /// The one every store's hashing goes through.
    static let shared = PasswordWork(concurrentLimit: concurrentLimit, waitingLimit: waitingLimit)

    /// What waits to be hashed, and how many wait or run.
    private struct Line {
        var jobs: [@Sendable () -> Void] = []
        var count = 0
        var threadsStarted = false
    }

    let waitingLimit: Int
    private let concurrentLimit: Int
    private let line = Mutex(Line())
    /// Signalled once for each job put in the line.
    private let queued = DispatchSemaphore(value: 0)

    init(concurrentLimit: Int, waitingLimit: Int) {
        self.concurrentLimit = concurrentLimit
        self.waitingLimit = waitingLimit
    }

    /// How many wait or run now.
    var waitingCount: Int { line.withLock { $0.count } }

    /// A place in the line, taken before a login does anything else, so that one refused for
    /// a full line costs no database work; given back once used, or when dropped unused.
    final class Place: Sendable {
        fileprivate let work: PasswordWork
        fileprivate let isUsed = Mutex(false)

        fileprivate init(work: PasswordWork) {
            self.work = work
        }

        deinit {
            if !isUsed.withLock({ $0 }) { work.line.withLock { $0.count -= 1 } }
        }
    }

    /// - Throws: `StoreError.passwordChecksBusy` when `waitingLimit` are in line already.
    func reserve() throws -> Place {
        let admitted = line.withLock { line in
            guard line.count < waitingLimit else { return false }
            line.count += 1
            return true
        }
        guard admitted else { throw StoreError.passwordChecksBusy }
        return Place(work: self)
    }

    /// - Throws: `StoreError.passwordChecksBusy` when `waitingLimit` are in line already.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await run(in: try reserve(), body)
    }

    /// Runs `body` in the place taken; a place runs one body.
    func run<T: Sendable>(in place: Place, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        precondition(place.work === self && !place.isUsed.withLock { $0 }, "a place in another line, or used already")
        place.isUsed.withLock { $0 = true }
        return try await withCheckedThrowingContinuation { continuation in
            let job: @Sendable () -> Void = {
                let result = Result { try body() }
                self.line.withLock { $0.count -= 1 }
                continuation.resume(with: result)
            }
            let startsThreads = line.withLock { line -> Bool in
                line.jobs.append(job)
                defer { line.threadsStarted = true }
                return !line.threadsStarted
            }
            if startsThreads { startThreads() }
            queued.signal()
        }
    }

    /// The hashing threads, made the first time a password is hashed: a tudy that never
    /// hashes one has none.
    private func startThreads() {
        for number in 0..<concurrentLimit {
            let thread = Thread { [self] in
                Self.yieldToOthers()
                while true {
                    queued.wait()
                    let job = line.withLock { $0.jobs.removeFirst() }
                    job()
                }
            }
            thread.name = "tudy.password-work.\(number)"
            thread.start()
        }
    }

    /// Puts the calling thread under `idlePolicy` where the system has a policy per thread
    /// (Linux, where process 0 is the calling thread); elsewhere it runs as any other.
    ///
    /// A nice value is not enough: Linux weighs nice values only within one session's group
    /// (autogroup), so a niced hash still took its session's full share from PostgreSQL's
    /// processes, and each query of an honest request waited its turn behind the flood (p50
    /// 34 ms on PostgreSQL under 50 login flooders, 7 ms after). A thread under `SCHED_IDLE`
    /// is preempted at once by any other that wakes, in any group.
    private static func yieldToOthers() {
        #if os(Linux)
        var parameters = sched_param()
        _ = sched_setscheduler(0, idlePolicy, &parameters)
        #endif
    }
}

extension PasswordHasher {
    /// `hash`, run as `PasswordWork` does.
    package func hashed(_ password: String) async throws -> String {
        try await PasswordWork.shared.run { try self.hash(password) }
    }

    /// A place in the line of password checks, taken first by a login: one refused here
    /// has cost nothing else.
    /// - Throws: `StoreError.passwordChecksBusy` when too many wait already.
    package func placeInLine() throws -> PasswordCheckPlace {
        PasswordCheckPlace(place: try PasswordWork.shared.reserve())
    }

    /// `verifyLogin`, run as `PasswordWork` does, in the place taken.
    package func checksLogin(_ password: String, against encoded: String?, in place: PasswordCheckPlace) async throws -> Bool {
        try await PasswordWork.shared.run(in: place.place) { self.verifyLogin(password, against: encoded) }
    }
}

/// A login's place in the line of password checks (`PasswordHasher.placeInLine`).
package struct PasswordCheckPlace: Sendable {
    fileprivate let place: PasswordWork.Place
}
