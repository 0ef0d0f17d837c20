import NIOCore

/// How the server ends a connection it will never upgrade: a client of the wrong scheme, bytes
/// that are not HTTP, a handshake past its deadline.
enum HandshakeRefusal {
    /// Ends the connection of `context` once `answer`, the last write of an answer, is done
    /// (at once without one).
    ///
    /// The pipeline is first told that no more input comes: the upgrade handler, still waiting
    /// for a request, then closes the connection and gives its upgrade up as that of a client
    /// that left, which Hummingbird passes over. Closed from here alone, it would fail the
    /// upgrade as an error, and Hummingbird would log one for every such client.
    static func end(_ context: ChannelHandlerContext, after answer: EventLoopFuture<Void>? = nil) {
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        (answer ?? context.eventLoop.makeSucceededVoidFuture()).whenComplete { _ in
            bound.value.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
            bound.value.close(promise: nil)
        }
    }
}
