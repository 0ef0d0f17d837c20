import CoreMetrics
import Foundation
import Synchronization

/// What an operator watches of a running server, through whichever metrics system the caller
/// gives (Prometheus, for `tudy serve --metrics`): nothing is kept when none is.
final class ServerMetrics: Sendable {
    private let factory: any MetricsFactory
    private let connections: Meter
    private let subscriptions: Meter
    private let queuedBytes: Meter
    private let databaseUp: Gauge
    private let delivery: CoreMetrics.Timer
    /// Counters made so far, by label and dimension value.
    private let counters = Mutex<[String: Counter]>([:])
    private let now: @Sendable () -> Date

    /// - Parameter now: the wall clock, against which a message's delivery is timed.
    init(factory: any MetricsFactory, now: @escaping @Sendable () -> Date = { Date() }) {
        self.factory = factory
        self.now = now
        connections = Meter(label: "tudy_connections", factory: factory)
        subscriptions = Meter(label: "tudy_subscriptions", factory: factory)
        queuedBytes = Meter(label: "tudy_queued_bytes", factory: factory)
        databaseUp = Gauge(label: "tudy_database_up", factory: factory)
        delivery = CoreMetrics.Timer(label: "tudy_delivery_seconds", preferredDisplayUnit: .seconds, factory: factory)
        databaseUp.record(1)
    }

    func connectionOpened() { connections.increment() }
    func connectionClosed() { connections.decrement() }
    func subscriptionStarted() { subscriptions.increment() }
    func subscriptionEnded() { subscriptions.decrement() }
    /// Bytes of frames put in (or, negative, taken out of) the connections' queues.
    func queued(_ bytes: Int) {
        if bytes >= 0 { queuedBytes.increment(by: Double(bytes)) } else { queuedBytes.decrement(by: Double(-bytes)) }
    }

    /// A request answered, by its operation.
    func request(_ op: String) { count("tudy_requests_total", "op", op) }

    /// A request or connection refused, by why: a code such as `server_busy`.
    func refusal(_ reason: String) { count("tudy_refusals_total", "reason", reason) }

    /// A login tried, by how it went: `ok` or the error's code.
    func login(_ outcome: String) { count("tudy_logins_total", "outcome", outcome) }

    /// A message pushed live to a subscriber, `sentAt` being when it was stored: the time from
    /// its commit to its push, over the store's clock and this one alike.
    func delivered(sentAt: Date) {
        delivery.recordNanoseconds(Int64(max(0, now().timeIntervalSince(sentAt)) * 1e9))
    }

    func database(isUp: Bool) { databaseUp.record(isUp ? 1 : 0) }

    private func count(_ label: String, _ dimension: String, _ value: String) {
        let key = label + "\u{1F}" + value
        let counter = counters.withLock { made in
            if let counter = made[key] { return counter }
            let counter = Counter(label: label, dimensions: [(dimension, value)], factory: factory)
            made[key] = counter
            return counter
        }
        counter.increment()
    }
}
