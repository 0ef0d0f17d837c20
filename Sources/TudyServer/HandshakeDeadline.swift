import Logging
import NIOCore

/// Closes a connection that has not become a WebSocket within its time: one that sends
/// nothing, half a request, or bytes that are no HTTP (TLS to a ws:// server) would otherwise
/// hold a socket of the server for as long as its client likes. The upgrade removes it.
final class HandshakeDeadline: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    /// The name it has in the pipeline, by which the upgrade removes it.
    static let name = "tudy.handshake-deadline"

    private let limit: TimeAmount
    private let logger: Logger
    /// The socket's place among the server's; the upgrade, which removes this, frees its
    /// place among its address's handshakes.
    private let ticket: OpenSockets.Ticket?
    private var closing: Scheduled<Void>?

    init(limit: TimeAmount, logger: Logger, ticket: OpenSockets.Ticket?) {
        self.limit = limit
        self.logger = logger
        self.ticket = ticket
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        closing?.cancel()
        closing = nil
        ticket?.becameWebSocket()
    }

    private func start(_ context: ChannelHandlerContext) {
        guard closing == nil else { return }
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let logger = logger
        let seconds = limit.nanoseconds / 1_000_000_000
        closing = context.eventLoop.scheduleTask(in: limit) {
            logger.info(
                "closing a connection that did not become a WebSocket within \(seconds) s",
                metadata: ["peer": "\(bound.value.channel.remoteAddress?.description ?? "unknown peer")"])
            HandshakeRefusal.end(bound.value)
        }
    }
}
