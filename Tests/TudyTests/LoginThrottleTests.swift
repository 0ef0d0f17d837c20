import CArgon2
import Foundation
import Testing
import TudyRemote

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudySQLite

/// The login throttle holds when tries race, and a login's work tells nothing about
/// whether the name exists.
@Suite("Login throttle")
struct LoginThrottleTests {
    /// Argon2id at the test cost, counting the checks it makes and keeping what it checked against.
    final class CountingHasher: PasswordHasher, @unchecked Sendable {
        private let real = Argon2idPasswordHasher(cost: .testing)
        private let lock = NSLock()
        private var checked: [String] = []

        var verifications: [String] { lock.withLock { checked } }
        func reset() { lock.withLock { checked = [] } }

        func hash(_ password: String) throws -> String { try real.hash(password) }
        var unmatchableHash: String { real.unmatchableHash }
        func verify(_ password: String, against encoded: String) -> Bool {
            lock.withLock { checked.append(encoded) }
            return real.verify(password, against: encoded)
        }
    }

    /// `m=…,t=…,p=…` of a PHC string: the cost a check against it takes.
    static func cost(of encoded: String) -> Substring? {
        encoded.split(separator: "$").first { $0.hasPrefix("m=") }
    }

    @Test("eight stores on one file try a wrong password at once with one try due: one is checked")
    func raceAcrossConnections() async throws {
        let path = try TemporaryDirectory.make().appendingPathComponent("tudy.sqlite").path
        let clock = ManualClock(TestApp.start)
        let hasher = CountingHasher()
        let stores = try (0..<8).map { _ in
            try SQLiteChatStore(path: path, clock: clock.wallClock, hasher: hasher)
        }
        _ = try await stores[0].signUp(name: "alice", password: "alice-password")
        let freeAndOne = LoginThrottle.freeFailures + 1
        for _ in 0..<freeAndOne {
            await #expect(throws: StoreError.wrongCredentials) { try await stores[0].logIn(name: "alice", password: "wrong-password") }
        }
        clock.advance(by: TimeInterval(LoginThrottle.wait(afterFailures: freeAndOne)))
        hasher.reset()

        let outcomes = await withTaskGroup(of: StoreError?.self) { group in
            for store in stores {
                group.addTask {
                    do {
                        _ = try await store.logIn(name: "alice", password: "wrong-password")
                        return nil
                    } catch {
                        return error as? StoreError
                    }
                }
            }
            return await group.reduce(into: [StoreError?]()) { $0.append($1) }
        }
        #expect(hasher.verifications.count == 1)
        #expect(outcomes.filter { $0 == .wrongCredentials }.count == 1)
        #expect(outcomes.filter { if case .tooManyAttempts = $0 { true } else { false } }.count == 7)
    }

    @Test("an unknown name is checked against a hash of the same cost as a real account's", arguments: ["in-memory", "SQLite"])
    func unknownNameDoesTheSameWork(kind: String) async throws {
        let hasher = CountingHasher()
        let clock = WallClock.stepping(from: TestApp.start)
        let store: any ChatStore =
            kind == "SQLite"
            ? try SQLiteChatStore(
                path: TemporaryDirectory.make().appendingPathComponent("tudy.sqlite").path, clock: clock, hasher: hasher)
            : InMemoryChatStore(clock: clock, hasher: hasher)
        _ = try await store.signUp(name: "alice", password: "alice-password")

        await #expect(throws: StoreError.wrongCredentials) { try await store.logIn(name: "alice", password: "wrong-password") }
        await #expect(throws: StoreError.wrongCredentials) { try await store.logIn(name: "nobody", password: "wrong-password") }
        let checked = hasher.verifications
        #expect(checked.count == 2)
        #expect(checked.count == 2 && Self.cost(of: checked[0]) == Self.cost(of: checked[1]) && Self.cost(of: checked[0]) != nil)
    }

    @Test("the unmatchable hash is a well-formed Argon2id hash that no password matches")
    func unmatchableHashIsWellFormed() {
        for hasher in [Argon2idPasswordHasher(cost: .testing), Argon2idPasswordHasher()] {
            let encoded = hasher.unmatchableHash
            let password = Array("".utf8)
            // A mismatch, not a decoding error, which would return at once and tell the name is unknown.
            #expect(argon2id_verify(encoded, password, password.count) == ARGON2_VERIFY_MISMATCH.rawValue)
            #expect(!hasher.verifyLogin("anything", against: nil))
        }
    }

    /// A hasher whose checks wait until the test opens its gate, counting those done.
    private struct GatedHasher: PasswordHasher {
        let base = Argon2idPasswordHasher(cost: .testing)
        let gate = DispatchSemaphore(value: 0)
        let started = Locked(0)
        func hash(_ password: String) throws -> String { try base.hash(password) }
        func verify(_ password: String, against encoded: String) -> Bool {
            started.mutate { $0 += 1 }
            gate.wait()
            return base.verify(password, against: encoded)
        }
        var unmatchableHash: String { base.unmatchableHash }
    }

    @Test("logins by the dozen wait for the hashing of their own; the store answers everyone else meanwhile")
    func loginsDoNotHoldTheStore() async throws {
        let hasher = GatedHasher()
        let store = InMemoryChatStore(clock: WallClock { Date() }, hasher: hasher)
        _ = try await store.signUp(name: "alice", password: "password-alice")
        let logins = (0..<12).map { index in
            Task { _ = try? await store.logIn(name: "nobody\(index)", password: "wrong-password") }
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while hasher.started.value == 0 && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
        // Every login is held at its hashing: the board must answer all the same.
        let board = Task { _ = try await store.projects(.all) }
        let answered = Locked(false)
        let watching = Task {
            _ = await board.result
            answered.value = true
        }
        let answerDeadline = ContinuousClock.now + .seconds(10)
        while !answered.value && ContinuousClock.now < answerDeadline { try await Task.sleep(for: .milliseconds(1)) }
        #expect(answered.value, "the board waited for the logins' hashing")
        for _ in 0..<12 { hasher.gate.signal() }
        for login in logins { await login.value }
        await watching.value
    }

    /// Alice logs in with her right password on each of `stores` at once: each one's user's
    /// name, or the error it gave.
    private func aliceLogsInAtOnce(on stores: [any ChatStore]) async -> [String] {
        await withTaskGroup(of: String.self) { group in
            for store in stores {
                group.addTask {
                    do {
                        return try await store.logIn(name: "alice", password: "password-alice").user.name
                    } catch {
                        return "\(error)"
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test("ten logins at once as one name, with the right password, all get in", arguments: StoreFactory.seedable)
    func rightPasswordAtOnce(factory: StoreFactory) async throws {
        // A clock that stands still: a try counted as failed never ages into a due one.
        let store = try await factory.open(WallClock { TestApp.start })
        _ = try await store.signUp(name: "alice", password: "password-alice")
        let outcomes = await aliceLogsInAtOnce(on: Array(repeating: store, count: 10))
        #expect(outcomes == Array(repeating: "alice", count: 10))
    }

    @Test("ten clients of one server log in as one name at once, with the right password: all get in")
    func rightPasswordAtOnceThroughAServer() async throws {
        let store = InMemoryChatStore(clock: WallClock { TestApp.start }, hasher: Argon2idPasswordHasher(cost: .testing))
        _ = try await store.signUp(name: "alice", password: "password-alice")
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }
        var clients: [RemoteChatStore] = []
        for _ in 0..<10 { clients.append(try await server.client()) }
        let outcomes = await aliceLogsInAtOnce(on: clients)
        for client in clients { await client.close() }
        #expect(outcomes == Array(repeating: "alice", count: 10))
    }

    @Test("tries for one name wait in line up to LoginLine.waitingLimit; one more is refused at once")
    func loginLineIsBounded() async throws {
        let line = LoginLine()
        try await line.enter("alice")
        let entered = Locked(0)
        let waiting = (0..<LoginLine.waitingLimit).map { _ in
            Task {
                try await line.enter("alice")
                entered.mutate { $0 += 1 }
                line.leave("alice")
            }
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while line.waitingCount(for: "alice") < LoginLine.waitingLimit && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(line.waitingCount(for: "alice") == LoginLine.waitingLimit)
        await #expect(throws: StoreError.passwordChecksBusy) { try await line.enter("alice") }
        // Another name does not wait behind alice's line.
        try await line.enter("bob")
        line.leave("bob")
        #expect(entered.value == 0)
        line.leave("alice")
        for task in waiting { try await task.value }
        #expect(entered.value == LoginLine.waitingLimit)
    }

    @Test("hashing beyond the waiting limit is refused at once, and what waits goes on")
    func passwordWorkIsBounded() async throws {
        let work = PasswordWork(concurrentLimit: 2, waitingLimit: 8)
        let gate = DispatchSemaphore(value: 0)
        let jobs = (0..<8).map { index in Task { try await work.run { gate.wait(); return index } } }
        let deadline = ContinuousClock.now + .seconds(10)
        while work.waitingCount < 8 && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(1)) }
        await #expect(throws: StoreError.passwordChecksBusy) { _ = try await work.run { 8 } }
        for _ in 0..<8 { gate.signal() }
        var done: [Int] = []
        for job in jobs { done.append(try await job.value) }
        #expect(done == Array(0..<8))
        #expect(work.waitingCount == 0)
        #expect(try await work.run { 9 } == 9)
    }

    @Test("a place in the line of password checks is taken before a login's other work: the line full, it is refused at once; a place dropped unused is given back")
    func placesInTheLine() async throws {
        let work = PasswordWork(concurrentLimit: 1, waitingLimit: 2)
        var first: PasswordWork.Place? = try work.reserve()
        let second = try work.reserve()
        #expect(throws: StoreError.passwordChecksBusy) { _ = try work.reserve() }
        #expect(work.waitingCount == 2)
        first = nil
        #expect(work.waitingCount == 1 && first == nil)
        #expect(try await work.run(in: second) { 7 } == 7)
        #expect(work.waitingCount == 0)
    }

    #if os(Linux)
    @Test("passwords are hashed on threads that run only when nothing else would (SCHED_IDLE)")
    func hashingYields() async throws {
        let work = PasswordWork(concurrentLimit: 1, waitingLimit: 2)
        let policy = try await work.run { sched_getscheduler(0) }
        #expect(policy == PasswordWork.idlePolicy)
    }

    @Test("hashing takes at most half the processors, and at least one")
    func hashingLeavesProcessors() {
        let processors = ProcessInfo.processInfo.activeProcessorCount
        #expect(PasswordWork.concurrentLimit >= 1)
        #expect(PasswordWork.concurrentLimit == 1 || PasswordWork.concurrentLimit * 2 <= processors)
    }
    #endif
}
