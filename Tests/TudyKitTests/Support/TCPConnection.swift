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

    init(port: Int) throws {
        #if canImport(Glibc)
            descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw Failed(description: "no socket: errno \(errno)") }
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
