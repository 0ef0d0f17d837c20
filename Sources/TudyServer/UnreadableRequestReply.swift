import NIOCore
import NIOHTTP1

/// Answers bytes that are not an HTTP request (a person typing at the port, a client of
/// another protocol) with a plain HTTP 400 that says what the server is, and closes.
///
/// Hummingbird's WebSocket channel takes such bytes and answers nothing, so the client would
/// wait until `HandshakeDeadline` closes it. This sits right after the request decoder, where
/// its error arrives, and leaves the pipeline once a request has been read whole.
final class UnreadableRequestReply: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let scheme: String

    /// - Parameter servesTLS: whether the server is `wss://`, which the answer names.
    init(servesTLS: Bool) {
        scheme = servesTLS ? "wss" : "ws"
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        context.fireChannelRead(data)
        if case .end = part { context.pipeline.syncOperations.removeHandler(context: context, promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError else { return context.fireErrorCaught(error) }
        let body = "this is a tudy server, which speaks WebSocket only: tudy --server \(scheme)://HOST:PORT\n"
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/plain; charset=utf-8")
        headers.add(name: "Content-Length", value: "\(body.utf8.count)")
        headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .badRequest, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
        HandshakeRefusal.end(context, after: context.writeAndFlush(wrapOutboundOut(.end(nil))))
    }
}
