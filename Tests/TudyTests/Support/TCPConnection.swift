import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A bare TCP connection to a port on loopback: a client that never speaks WebSocket, as a
/// port scanner, a half-open socket or a TLS client at a ws:// server would.
final class TCPConnection {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    private let descriptor: Int32

    /// - Parameter receiveBuffer: the size of the socket's receive buffer, in bytes; small for
    ///   a client that is to stop reading soon.
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        #if canImport(Glibc)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failed(description: "no socket: errno \(errno)") }
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failed(description: "can not connect to port \(port): errno \(errno)")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Asks to become a WebSocket, not reading the answer.
    func askForWebSocket() throws {
        try send(Array((
            "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n").utf8))
    }

    /// Asks for the server's page over plain HTTP, keeping the connection open, and reads the
    /// answer's head: a connection the server has taken and that is not a WebSocket.
    func askForPage(within seconds: Int) throws -> String {
        try send(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        return try readText(until: { $0.hasSuffix("\r\n\r\n") }, within: seconds, expecting: "the head of an HTTP answer")
    }

    /// Sends `text` as one WebSocket text frame, masked as a client's must be.
    func sendText(_ text: String) throws {
        try send(Self.textFrame(text))
    }

    /// `text` as one WebSocket text frame, masked as a client's must be unless `masked` is false.
    static func textFrame(_ text: String, masked: Bool = true) -> [UInt8] {
        let payload = Array(text.utf8)
        let maskBit: UInt8 = masked ? 0x80 : 0
        var frame: [UInt8] = [0x81]
        switch payload.count {
        case ..<126: frame.append(maskBit | UInt8(payload.count))
        case ..<65536: frame += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default: frame += [maskBit | 127] + (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        guard masked else { return frame + payload }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        return frame + mask + payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
    }

    /// Reads until the server's answer to `askForWebSocket` has ended; throws, saying so, when
    /// it has not within `seconds`.
    func readHandshakeAnswer(within seconds: Int) throws -> String {
        try readText(until: { $0.hasSuffix("\r\n\r\n") }, within: seconds, expecting: "the answer to a WebSocket handshake")
    }

    /// Reads until what was read is `done`; throws, saying what was expected and what came,
    /// when it is not within `seconds`. A byte at a time, so that nothing after is taken.
    func readText(until done: (String) -> Bool, within seconds: Int, expecting: String) throws -> String {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var received: [UInt8] = []
        var byte: UInt8 = 0
        while !done(String(decoding: received, as: UTF8.self)) {
            guard read(descriptor, &byte, 1) == 1 else {
                throw Failed(description: "expected \(expecting) within \(seconds) s; got \(String(decoding: received, as: UTF8.self))")
            }
            received.append(byte)
        }
        return String(decoding: received, as: UTF8.self)
    }

    func send(_ bytes: [UInt8]) throws {
        guard write(descriptor, bytes, bytes.count) == bytes.count else { throw Failed(description: "send: errno \(errno)") }
    }

    /// Waits until the other side closes the connection, and returns what it sent before;
    /// throws, saying so, when it is still open after `seconds`. The reads block a thread of
    /// their own, not one of the tasks' few.
    @discardableResult
    func waitForClose(within seconds: Int) async throws -> String {
        let descriptor = descriptor
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
            DispatchQueue.global().async {
                var timeout = timeval(tv_sec: seconds, tv_usec: 0)
                setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
                var buffer = [UInt8](repeating: 0, count: 4096)
                var received: [UInt8] = []
                while true {
                    let count = read(descriptor, &buffer, buffer.count)
                    if count > 0 { received += buffer[..<count] }
                    if count == 0 || (count < 0 && errno == ECONNRESET) {
                        return continuation.resume(returning: String(decoding: received, as: UTF8.self))
                    }
                    if count < 0 && errno != EINTR {
                        return continuation.resume(
                            throwing: Failed(description: "expected the server to close the connection within \(seconds) s; it is still open"))
                    }
                }
            }
        }
    }
}
