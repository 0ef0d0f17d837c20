import Foundation
import Logging

/// Makes a signalled stop end within `limit`, with status 0, whatever still waits.
///
/// A stop closes every connection, waits for their requests (10 s at most), then cancels
/// what is left; a request waiting on a database that is restarting may not end even then,
/// and the server's service group would crash the process (SIGILL) 5 s later. Before that, the
/// server exits on its own: what was not answered, its clients send again by key.
final class StopDeadline: @unchecked Sendable {
    /// How long a stop may take, from the signal.
    static let limit = DispatchTimeInterval.seconds(14)

    private let queue = DispatchQueue(label: "tudy.stop-deadline")
    private var sources: [any DispatchSourceSignal] = []
    /// The exit to come, once a signal came; touched on `queue` only.
    private var exiting: DispatchWorkItem?
    private var isCancelled = false

    init(logger: Logger) {
        sources = [SIGTERM, SIGINT].map { signal in
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler { [unowned self] in
                guard exiting == nil, !isCancelled else { return }
                let exit = DispatchWorkItem {
                    logger.warning("stopped before every request was answered: their clients will send them again")
                    Foundation.exit(0)
                }
                exiting = exit
                queue.asyncAfter(deadline: .now() + Self.limit, execute: exit)
            }
            source.resume()
            return source
        }
    }

    /// The server stopped on its own in time: no exit is forced.
    func cancel() {
        queue.sync {
            isCancelled = true
            exiting?.cancel()
            sources.forEach { $0.cancel() }
        }
    }
}
