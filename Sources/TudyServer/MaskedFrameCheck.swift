import Logging
import NIOCore

/// Closes a connection whose client sends a WebSocket frame without a mask, as RFC 6455
/// (5.1) requires of a server: with a close frame saying why (1002, protocol error), before
/// the frame reaches anything else.
///
/// It reads the bytes between TLS and HTTP, because the WebSocket decoder the server's
/// framework installs hands on frames with no way to look at them first. It passes every
/// byte on untouched and keeps only a frame header's few bytes: once the server has answered
/// `101 Switching Protocols`, the bytes that follow are frames, and each header says whether
/// it is masked and how many bytes to pass over to the next one. A client that sends frames
/// before that answer breaks the handshake's order, and is read from the answer on.
final class MaskedFrameCheck: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = IOData
    typealias OutboundOut = IOData

    /// Where the bytes read so far stand.
    private enum Reading {
        /// Still HTTP: the server has not switched to WebSocket.
        case handshake
        /// The first bytes of a frame's header.
        case header([UInt8])
        /// Inside a frame: this many bytes (its masking key and payload) until the next header.
        case body(remaining: UInt64)
        /// A frame was unmasked: the connection is closing, nothing more is passed on.
        case refused
    }

    private static let switching = Array("HTTP/1.1 101".utf8)
    private var reading = Reading.handshake
    private let logger: Logger

    init(logger: Logger) {
        self.logger = logger
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .handshake = reading, case .byteBuffer(let bytes) = unwrapOutboundIn(data),
            bytes.readableBytesView.starts(with: Self.switching)
        {
            reading = .header([])
        }
        context.write(data, promise: promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let bytes = unwrapInboundIn(data)
        switch reading {
        case .refused:
            return
        case .handshake:
            context.fireChannelRead(data)
        default:
            if follow(bytes.readableBytesView) {
                context.fireChannelRead(data)
            } else {
                refuse(context: context)
            }
        }
    }

    /// Reads frame headers through `bytes`; false at a header that is not masked.
    private func follow(_ bytes: ByteBufferView) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            switch reading {
            case .body(let remaining):
                let step = min(remaining, UInt64(bytes.endIndex - index))
                index += Int(step)
                reading = remaining == step ? .header([]) : .body(remaining: remaining - step)
            case .header(var header):
                header.append(bytes[index])
                index += 1
                guard header.count >= 2 else {
                    reading = .header(header)
                    continue
                }
                guard header[1] & 0x80 != 0 else {
                    reading = .refused
                    return false
                }
                let shortLength = header[1] & 0x7F
                let lengthBytes = shortLength == 127 ? 8 : shortLength == 126 ? 2 : 0
                guard header.count == 2 + lengthBytes else {
                    reading = .header(header)
                    continue
                }
                let length = lengthBytes == 0
                    ? UInt64(shortLength) : header[2...].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                // The masking key, then the payload.
                reading = .body(remaining: 4 &+ length)
            case .handshake, .refused:
                return true
            }
        }
        return true
    }

    private func refuse(context: ChannelHandlerContext) {
        let reason = Array("frames from a client must be masked".utf8)
        // A close frame, unmasked as a server's are: code 1002, then the reason.
        var frame = context.channel.allocator.buffer(capacity: 4 + reason.count)
        frame.writeBytes([0x88, UInt8(2 + reason.count), 0x03, 0xEA] + reason)
        logger.notice(
            "connection closed: an unmasked frame", metadata: ["peer": "\(context.channel.remoteAddress?.description ?? "unknown peer")"])
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.byteBuffer(frame))).whenComplete { _ in channel.close(promise: nil) }
    }
}
