import TudyCore

/// A rate of requests: a bucket of `burst` that refills at `perSecond`. A server admits or
/// refuses each request by it; a client paces what it sends by it, so as never to be refused.
package struct RequestRate: Sendable {
    /// Whole requests a second, as a message names the rate (0 for a rate of under one).
    package let perSecond: Int
    package let burst: Int
    private let refillPerSecond: Double
    private let now: @Sendable () -> ContinuousClock.Instant
    private var tokens: Double
    private var last: ContinuousClock.Instant

    package init(
        perSecond: Int = ServerLimits.requestsPerSecond, burst: Int = ServerLimits.requestBurst,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.init(burst: burst, refillPerSecond: Double(perSecond), now: now)
    }

    /// A bucket of `burst` that gains one every `period`: a rate of under one a second.
    package init(burst: Int, oneMoreEvery period: Duration, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.init(burst: burst, refillPerSecond: 1 / Self.seconds(period), now: now)
    }

    private init(burst: Int, refillPerSecond: Double, now: @escaping @Sendable () -> ContinuousClock.Instant) {
        perSecond = Int(refillPerSecond)
        self.burst = burst
        self.refillPerSecond = refillPerSecond
        self.now = now
        tokens = Double(burst)
        last = now()
    }

    /// Whether the bucket is as full as it gets: one that has nothing to remember.
    package mutating func isFull() -> Bool {
        refill()
        return tokens >= Double(burst)
    }

    /// How long until one more may go through (zero when one may now); nothing is counted.
    package mutating func untilNext() -> Duration {
        refill()
        guard tokens < 1 else { return .zero }
        return .nanoseconds(Int64(((1 - tokens) / refillPerSecond * 1e9).rounded(.up)))
    }

    /// Whether one more request may go through now; if so, it is counted.
    package mutating func admit() -> Bool {
        refill()
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }

    /// Counts one more request, and says how long to wait before sending it so as to keep to
    /// the rate (zero when it may go now). Requests that wait are counted in the order they
    /// asked, each after the one before.
    package mutating func reserve() -> Duration {
        refill()
        tokens -= 1
        guard tokens < 0 else { return .zero }
        return .nanoseconds(Int64((-tokens / refillPerSecond * 1e9).rounded(.up)))
    }

    private mutating func refill() {
        let instant = now()
        let elapsed = instant - last
        last = instant
        tokens = min(Double(burst), tokens + Self.seconds(elapsed) * refillPerSecond)
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
