import HummingbirdCore
import Logging
import NIOCore

/// A child channel of the server that must become a WebSocket within `limit`
/// (`HandshakeDeadline`), and is answered at once when it speaks TLS to a server without it or
/// plain HTTP to one with it (`SchemeCheck`): both first in its pipeline, before TLS as well.
struct HandshakeLimitedChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let limit: TimeAmount
    let servesTLS: Bool

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(SchemeCheck(servesTLS: servesTLS), position: .first)
            try channel.pipeline.syncOperations.addHandler(
                HandshakeDeadline(limit: limit, logger: logger), name: HandshakeDeadline.name, position: .first)
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
