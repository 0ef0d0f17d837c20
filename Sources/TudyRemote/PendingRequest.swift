import TudyCore
import TudyWire

/// A request sent to the server (or to be sent once the connection is back) that has no reply yet.
struct PendingRequest {
    var request: WireRequest
    let continuation: CheckedContinuation<WireFrame, any Error>
    /// Runs as the reply is read, before any frame after it.
    let onReply: (@Sendable (WireFrame) -> Void)?
    /// Refused because the server's database was down: sent again once it is back.
    var isHeld = false
    /// Written to a connection at least once: the server may have done it.
    var wasSent = false

    /// Whether it waits out an outage of the database rather than failing at once.
    var waitsForDatabase: Bool { request.op.changesStore || request.op == .subscribe }
}
