/// How many requests a connection may make: a bucket of `burst` that refills at `perSecond`.
struct RequestRate: Sendable {
    let perSecond: Int
    let burst: Int
    private let now: @Sendable () -> ContinuousClock.Instant
    private var tokens: Double
    private var last: ContinuousClock.Instant

    init(perSecond: Int = 200, burst: Int = 400, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.perSecond = perSecond
        self.burst = burst
        self.now = now
        tokens = Double(burst)
        last = now()
    }

    /// Whether one more request may go through now.
    mutating func admit() -> Bool {
        let instant = now()
        let elapsed = instant - last
        last = instant
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        tokens = min(Double(burst), tokens + seconds * Double(perSecond))
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
