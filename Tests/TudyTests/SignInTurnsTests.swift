import Foundation
import Testing
@testable import TudyServer

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// `SignInTurns`: networks take turns in front of the password checks, and none holds more
/// than its share of the line.
@Suite("Sign-in turns")
struct SignInTurnsTests {
    /// Starts a sign-in from `address` that, once its turn comes, notes `tag` and is done.
    private static func signIn(_ turns: SignInTurns, from address: String, tag: String, served: Locked<[String]>) -> Task<Void, any Error> {
        Task {
            try await turns.enter(from: address)
            served.mutate { $0.append(tag) }
            await turns.leave(from: address)
        }
    }

    @Test("an honest sign-in behind a flood from five networks goes on after one turn of each, not after the flood")
    func honestGetsATurn() async throws {
        let turns = SignInTurns(inStore: 1)
        try await turns.enter(from: "10.0.9.1")
        let served = Locked<[String]>([])
        var tasks: [Task<Void, any Error>] = []
        for network in 1...5 {
            for number in 0..<20 {
                tasks.append(Self.signIn(turns, from: "10.0.\(network).\(number % 2 + 1)", tag: "flood", served: served))
            }
        }
        try await waitUntil("100 flooding sign-ins waiting") { await turns.waitingCount == 100 }
        tasks.append(Self.signIn(turns, from: "192.168.1.7", tag: "honest", served: served))
        try await waitUntil("the honest sign-in waiting") { await turns.waitingCount == 101 }
        await turns.leave(from: "10.0.9.1")
        for task in tasks { try await task.value }
        let place = served.value.firstIndex(of: "honest") ?? -1
        #expect((0...5).contains(place), "went on after \(place) others; a line in order of coming would make it 100")
        #expect(served.value.count == 101)
    }

    @Test("an address holds at most 16 places and a network 32: one more is refused at once, while other networks still get in")
    func shares() async throws {
        let turns = SignInTurns(inStore: 1)
        try await turns.enter(from: "10.0.9.1")
        let served = Locked<[String]>([])
        var tasks: [Task<Void, any Error>] = []
        for _ in 0..<ServerLimits.signInsPerAddress {
            tasks.append(Self.signIn(turns, from: "10.0.1.1", tag: "a", served: served))
        }
        try await waitUntil("the first address's share waiting") { await turns.waitingCount == ServerLimits.signInsPerAddress }
        await #expect(throws: StoreError.passwordChecksBusy) { try await turns.enter(from: "10.0.1.1") }
        for _ in ServerLimits.signInsPerAddress..<ServerLimits.signInsPerNetwork {
            tasks.append(Self.signIn(turns, from: "10.0.1.2", tag: "b", served: served))
        }
        try await waitUntil("the network's share waiting") { await turns.waitingCount == ServerLimits.signInsPerNetwork }
        await #expect(throws: StoreError.passwordChecksBusy) { try await turns.enter(from: "10.0.1.3") }
        #expect(await turns.networksWithFailures == 1, "a refusal for a network's share is one of its failures")
        tasks.append(Self.signIn(turns, from: "10.0.2.1", tag: "other", served: served))
        try await waitUntil("another network's sign-in waiting") { await turns.waitingCount == ServerLimits.signInsPerNetwork + 1 }
        await turns.leave(from: "10.0.9.1")
        for task in tasks { try await task.value }
        #expect(served.value.count == ServerLimits.signInsPerNetwork + 1)
        #expect(await turns.waitingCount == 0)
        try await turns.enter(from: "10.0.1.1")
        await turns.leave(from: "10.0.1.1")
    }

    @Test("a network that failed 20 times is refused before it waits, others are not, and it may fail once more each 10 s")
    func failuresPerNetwork() async throws {
        let clock = Locked(ContinuousClock.now)
        let turns = SignInTurns(inStore: 100, now: { clock.value })
        for number in 0..<ServerLimits.failedSignInsPerNetwork {
            try await turns.enter(from: "10.0.1.\(number % 3 + 1)")
            await turns.leave(from: "10.0.1.\(number % 3 + 1)", failed: true)
        }
        await #expect(throws: StoreError.tooManyFailedSignIns(waitSeconds: 10)) { try await turns.enter(from: "10.0.1.200") }
        try await turns.enter(from: "10.0.2.1")
        await turns.leave(from: "10.0.2.1", failed: true)
        clock.mutate { $0 = $0.advanced(by: .seconds(9)) }
        await #expect(throws: StoreError.tooManyFailedSignIns(waitSeconds: 1)) { try await turns.enter(from: "10.0.1.9") }
        clock.mutate { $0 = $0.advanced(by: ServerLimits.failedSignInPeriod - .seconds(9)) }
        try await turns.enter(from: "10.0.1.9")
        await turns.leave(from: "10.0.1.9")
        #expect(await turns.networksWithFailures == 2)
    }

    @Test("through a server: past its network's failed sign-ins, a log-in is refused, the right password too, and says when to try")
    func failuresThroughAServer() async throws {
        let store = TestServer.memoryStore()
        _ = try await store.signUp(name: "ann", password: "ann-password")
        let server = try await TestServer.start(store, failedSignInsPerNetwork: 3)
        defer { Task { await server.stop() } }
        let client = try await server.client()
        defer { Task { await client.close() } }
        for number in 0..<3 {
            await #expect(throws: StoreError.wrongCredentials) { _ = try await client.logIn(name: "nobody\(number)", password: "guess-password") }
        }
        do {
            _ = try await client.logIn(name: "ann", password: "ann-password")
            Issue.record("a log-in went through past its network's failures")
        } catch let error as StoreError {
            guard case .tooManyFailedSignIns(let seconds) = error else { throw error }
            #expect((1...10).contains(seconds), "try again in \(seconds) s")
        }
    }

    @Test("the networks whose failures are remembered are bounded: those that failed long ago are forgotten first")
    func networksRemembered() async throws {
        let clock = Locked(ContinuousClock.now)
        let turns = SignInTurns(inStore: 100, now: { clock.value })
        for network in 0..<SignInTurns.networksRemembered {
            let address = "10.\(network / 256).\(network % 256).1"
            try await turns.enter(from: address)
            await turns.leave(from: address, failed: true)
        }
        #expect(await turns.networksWithFailures == SignInTurns.networksRemembered)
        clock.mutate { $0 = $0.advanced(by: ServerLimits.failedSignInPeriod) }
        try await turns.enter(from: "10.0.0.1")
        await turns.leave(from: "10.0.0.1", failed: true)
        try await turns.enter(from: "172.16.0.1")
        await turns.leave(from: "172.16.0.1", failed: true)
        #expect(await turns.networksWithFailures == 2, "all but the two failing now had made up for their one failure")
    }

    @Test("a network is an IPv4 /24 or an IPv6 /48, an IPv4 address written as IPv6 too")
    func networks() {
        #expect(SignInTurns.network(of: "10.1.2.3") == SignInTurns.network(of: "10.1.2.200"))
        #expect(SignInTurns.network(of: "::ffff:10.1.2.3") == SignInTurns.network(of: "10.1.2.9"))
        #expect(SignInTurns.network(of: "10.1.3.3") != SignInTurns.network(of: "10.1.2.3"))
        #expect(SignInTurns.network(of: "2001:db8:1:2::1") == SignInTurns.network(of: "2001:db8:1:ffff::9"))
        #expect(SignInTurns.network(of: "2001:db8:2::1") != SignInTurns.network(of: "2001:db8:1::1"))
        #expect(SignInTurns.network(of: "unknown peer") == "unknown peer")
    }
}
