import Synchronization
import TudyCore
import TudyWire

/// The rate of requests the whole server answers, shared by every connection.
final class ServerRate: Sendable {
    private let rate: Mutex<RequestRate>
    let perSecond: Int

    init(perSecond: Int) {
        self.perSecond = perSecond
        rate = Mutex(RequestRate(perSecond: perSecond, burst: perSecond * 2))
    }

    /// Whether one more request may be answered now; if so, it is counted.
    func admit() -> Bool {
        rate.withLock { $0.admit() }
    }
}
