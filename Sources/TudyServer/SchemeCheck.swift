import NIOCore

/// Answers a client that speaks TLS to a `ws://` server, or plain HTTP to a `wss://` one, at
/// once, with a plain HTTP 400 that says which the server speaks, and closes: either would
/// otherwise wait on bytes that never come. Looks at the first byte only (a TLS handshake
/// record starts with 0x16, an HTTP request with a letter), then leaves the pipeline.
final class SchemeCheck: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private let servesTLS: Bool

    init(servesTLS: Bool) {
        self.servesTLS = servesTLS
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        guard let first = bytes.getInteger(at: bytes.readerIndex, as: UInt8.self) else { return context.fireChannelRead(data) }
        guard (first == 0x16) == servesTLS else { return refuse(context) }
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    private func refuse(_ context: ChannelHandlerContext) {
        let body = "this tudy server speaks \(servesTLS ? "wss" : "ws"):// only: tudy --server \(servesTLS ? "wss" : "ws")://HOST:PORT\n"
        let response = "HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body
        HandshakeRefusal.end(context, after: context.writeAndFlush(NIOAny(context.channel.allocator.buffer(string: response))))
    }
}
