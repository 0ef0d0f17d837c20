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
///
/// Before all that, it takes the socket's place among the server's `OpenSockets`; one the
/// server has no place for is closed at once.
struct HandshakeLimitedChannel<Base: ServerChildChannel>: ServerChildChannel {
    typealias Value = Base.Value

    let base: Base
    let limit: TimeAmount
    let servesTLS: Bool
    let sockets: OpenSockets
    let metrics: ServerMetrics

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        let address = channel.remoteAddress?.ipAddress ?? "unknown"
        let admitted = sockets.admit(address)
        if case .success(let ticket) = admitted {
            channel.closeFuture.whenComplete { _ in ticket.closed() }
        }
        return channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(SchemeCheck(servesTLS: servesTLS), position: .first)
            let ticket = try? admitted.get()
            try channel.pipeline.syncOperations.addHandler(
                HandshakeDeadline(limit: limit, logger: logger, ticket: ticket), name: HandshakeDeadline.name, position: .first)
        }.flatMap {
            base.setup(channel: channel, logger: logger)
        }.flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(UnreadableRequestReply(servesTLS: servesTLS), position: .after(decoder))
            let encoder = try pipeline.handler(type: HTTPResponseEncoder.self)
            try pipeline.addHandler(MaskedFrameCheck(logger: logger), position: .before(encoder))
            if case .failure(let refused) = admitted {
                // Closed once set up, not by failing the setup: a failed child would be an
                // error of the listening socket, which must go on accepting.
                metrics.refusal(refused.reason.rawValue)
                if let count = refused.toNote {
                    logger.notice(
                        "closed \(count) connection\(count == 1 ? "" : "s") as they opened: \(refused.reason == .serverFull ? "the server holds \(sockets.limit) already" : "their address had \(sockets.handshakesPerAddress) not yet a WebSocket")")
                }
                channel.close(promise: nil)
            }
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
