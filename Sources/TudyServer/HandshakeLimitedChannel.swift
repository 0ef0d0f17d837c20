import HummingbirdCore
import Logging
import NIOCore

/// A child channel of the server that must become a WebSocket within `limit`
/// (`HandshakeDeadline`, first in its pipeline, before TLS as well).
struct HandshakeLimitedChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let limit: TimeAmount

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
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
