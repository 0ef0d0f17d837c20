import Foundation
import TudyCore
import TudyWire

/// The line of sign-ins (`sign_up`, `log_in`) in front of the store's password checks, shared
/// fairly between networks: each network (an IPv4 /24, an IPv6 /48) with sign-ins waiting
/// takes its turn, so that a flood from a few addresses holds back only itself, and an honest
/// sign-in from anywhere else waits for one turn of each busy network, not for the flood.
///
/// A few sign-ins at a time go on to the store (`inStore`: enough to keep its hashing threads
/// busy); the rest wait here, at most `ServerLimits.signInsPerAddress` from an address,
/// `signInsPerNetwork` from a network and `waitingLimit` in all.
///
/// A network's failed sign-ins are counted too, and its sign-ins refused for its share of the
/// line: past `ServerLimits.failedSignInsPerNetwork` (one more each `failedSignInPeriod`), its
/// sign-ins are refused before they wait, so that a flood of guesses costs a few hashes and
/// then none, however often it reconnects.
actor SignInTurns {
    /// Sign-ins waiting or in the store, from everyone.
    static let waitingLimit = 256
    /// Networks whose failures are remembered at once; past it, those that have made none
    /// lately are forgotten, and if that is not enough, all are.
    static let networksRemembered = 4096

    private let inStore: Int
    private let failuresPerNetwork: Int
    private var running = 0
    private var byAddress: [String: Int] = [:]
    private var byNetwork: [String: Int] = [:]
    /// Who waits, by network, each network's in the order they came.
    private var waiting: [String: [CheckedContinuation<Void, Never>]] = [:]
    /// The networks with someone waiting, in the order of their turns.
    private var turns: [String] = []
    /// What each network that failed lately may still fail.
    private var allowances: [String: RequestRate] = [:]
    private let now: @Sendable () -> ContinuousClock.Instant
    /// How long a sign-in refused here (for its network's failures or its share of the line)
    /// waits for its answer.
    let refusalDelay: Duration

    /// - Parameter inStore: sign-ins handed to the store at once; by default as many as there
    ///   are processors (half of them hash, and one waits ready behind each).
    init(
        inStore: Int = max(2, ProcessInfo.processInfo.activeProcessorCount),
        failuresPerNetwork: Int = ServerLimits.failedSignInsPerNetwork,
        refusalDelay: Duration = ServerLimits.refusedSignInDelay,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.inStore = inStore
        self.failuresPerNetwork = failuresPerNetwork
        self.refusalDelay = refusalDelay
        self.now = now
    }

    /// How many networks' failures are remembered now.
    var networksWithFailures: Int { allowances.count }

    /// How many wait here now, not yet in the store.
    var waitingCount: Int { waiting.values.reduce(0) { $0 + $1.count } }

    /// Waits for the turn of a sign-in from `address`; `leave` must follow once it is done.
    /// - Throws: `StoreError.passwordChecksBusy` at once when its address, network or the
    ///   whole line holds as many as it may; `StoreError.tooManyFailedSignIns` when its network
    ///   failed as often as it may lately.
    func enter(from address: String) async throws {
        let network = Self.network(of: address)
        if var allowance = allowances[network] {
            let wait = allowance.untilNext()
            allowances[network] = allowance
            if wait > .zero {
                throw StoreError.tooManyFailedSignIns(
                    waitSeconds: Int(wait.components.seconds) + (wait.components.attoseconds > 0 ? 1 : 0))
            }
        }
        guard byAddress[address, default: 0] < ServerLimits.signInsPerAddress,
            byNetwork[network, default: 0] < ServerLimits.signInsPerNetwork
        else {
            // A network past its share of the line is flooding it: each refusal is one of its
            // failures, so that a flood that reconnects at once is soon refused at the door.
            countFailure(of: network)
            throw StoreError.passwordChecksBusy
        }
        guard byAddress.values.reduce(0, +) < Self.waitingLimit else { throw StoreError.passwordChecksBusy }
        byAddress[address, default: 0] += 1
        byNetwork[network, default: 0] += 1
        guard running >= inStore || !turns.isEmpty else {
            running += 1
            return
        }
        await withCheckedContinuation { continuation in
            if waiting[network] == nil { turns.append(network) }
            waiting[network, default: []].append(continuation)
        }
    }

    /// A sign-in from `address` is done, `failed` or not: the next network's first goes on.
    func leave(from address: String, failed: Bool = false) {
        let network = Self.network(of: address)
        if failed { countFailure(of: network) }
        byAddress[address, default: 1] -= 1
        if byAddress[address] == 0 { byAddress[address] = nil }
        byNetwork[network, default: 1] -= 1
        if byNetwork[network] == 0 { byNetwork[network] = nil }
        guard !turns.isEmpty else {
            running -= 1
            return
        }
        let next = turns.removeFirst()
        var line = waiting[next] ?? []
        let first = line.removeFirst()
        if line.isEmpty {
            waiting[next] = nil
        } else {
            waiting[next] = line
            turns.append(next)
        }
        // Its place in the store is the one just left.
        first.resume()
    }

    private func countFailure(of network: String) {
        if allowances[network] == nil && allowances.count >= Self.networksRemembered {
            allowances = allowances.filter {
                var allowance = $0.value
                return !allowance.isFull()
            }
            if allowances.count >= Self.networksRemembered { allowances = [:] }
        }
        // Counted whether the bucket holds it or not: what is owed is paid as it refills.
        _ = allowances[network, default: RequestRate(
            burst: failuresPerNetwork, oneMoreEvery: ServerLimits.failedSignInPeriod, now: now)].reserve()
    }

    /// The network an address is in: its first three bytes (IPv4), or six (IPv6); an address
    /// that is neither is a network of its own.
    static func network(of address: String) -> String {
        var v4 = in_addr()
        let unmapped = address.hasPrefix("::ffff:") ? String(address.dropFirst(7)) : address
        if inet_pton(AF_INET, unmapped, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { $0.prefix(3).map(String.init).joined(separator: ".") }
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, address, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { $0.prefix(6).map { String($0, radix: 16) }.joined(separator: ":") }
        }
        return address
    }
}
