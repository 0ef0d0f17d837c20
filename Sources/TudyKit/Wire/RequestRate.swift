/// A rate of requests: a bucket of `burst` that refills at `perSecond`. A server admits or
/// refuses each request by it; a client paces what it sends by it, so as never to be refused.
package struct RequestRate: Sendable {
    package let perSecond: Int
    package let burst: Int
    private let now: @Sendable () -> ContinuousClock.Instant
    private var tokens: Double
    private var last: ContinuousClock.Instant

    package init(
        perSecond: Int = ServerLimits.requestsPerSecond, burst: Int = ServerLimits.requestBurst,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.perSecond = perSecond
        self.burst = burst
        self.now = now
        tokens = Double(burst)
        last = now()
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
        return .nanoseconds(Int64((-tokens / Double(perSecond) * 1e9).rounded(.up)))
    }

    private mutating func refill() {
        let instant = now()
        let elapsed = instant - last
        last = instant
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        tokens = min(Double(burst), tokens + seconds * Double(perSecond))
    }
}
