import Foundation
import TudyCore

/// Where a client's connections tell that they were lost or are back: only the one the person
/// depends on now (the signed-in session's, or the one used before signing in) is passed on,
/// so that a connection being closed or set aside never says "lost" to the person.
final class ConnectionReportHub: @unchecked Sendable {
    private let lock = NSLock()
    private var listeners: [Int: AsyncStream<ConnectionReport>.Continuation] = [:]
    private var nextListener = 0
    private var primary: ObjectIdentifier?

    /// A stream of the primary connection's reports, until it is ended.
    func listen() -> AsyncStream<ConnectionReport> {
        let (stream, continuation) = AsyncStream.makeStream(of: ConnectionReport.self, bufferingPolicy: .bufferingNewest(10))
        let id = lock.withLock {
            nextListener += 1
            listeners[nextListener] = continuation
            return nextListener
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            _ = lock.withLock { self.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    /// Makes `connection` the one whose reports are passed on.
    func setPrimary(_ connection: RemoteConnection?) {
        lock.withLock { primary = connection.map(ObjectIdentifier.init) }
    }

    func report(_ report: ConnectionReport, from connection: RemoteConnection) {
        let continuations = lock.withLock { primary == ObjectIdentifier(connection) ? Array(listeners.values) : [] }
        continuations.forEach { $0.yield(report) }
    }

    /// Ends every stream: the client is closed.
    func finish() {
        let continuations = lock.withLock {
            defer { listeners = [:] }
            return Array(listeners.values)
        }
        continuations.forEach { $0.finish() }
    }
}
