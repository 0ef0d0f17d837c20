import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// A child channel of the server that must become a WebSocket within `limit`
/// (`HandshakeDeadline`), and is answered at once when it speaks TLS to a server without it or
/// plain HTTP to one with it (`SchemeCheck`): both first in its pipeline, before TLS as well.
/// Bytes that are not HTTP are answered at once too (`UnreadableRequestReply`, after the
/// request decoder), and once it is a WebSocket, a frame that is not masked closes it
/// (`MaskedFrameCheck`, between TLS and HTTP).
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
        }.flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(UnreadableRequestReply(servesTLS: servesTLS), position: .after(decoder))
            let encoder = try pipeline.handler(type: HTTPResponseEncoder.self)
            try pipeline.addHandler(MaskedFrameCheck(logger: logger), position: .before(encoder))
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
