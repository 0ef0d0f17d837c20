import HummingbirdWSClient
import NIOCore
import NIOPosix
import NIOSSL

#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif

/// Why a server could not be connected to, when it is a reason that waiting out the request
/// time would not mend: as tudy starts, it is said at once instead.
package enum ConnectProblem: Equatable, Sendable {
    /// The host is there, and nothing listens on the port.
    case nothingListens
    /// The host name could not be looked up; the resolver's own words.
    case unknownHost(String)
    /// The network has no way to the host; the system's own words.
    case noRoute(String)
    /// Something answered, but took no WebSocket: another kind of server, or a `wss://` one
    /// asked for `ws://`.
    case notTudy
    /// The server's certificate is signed by no one this client trusts.
    case untrustedCertificate
    /// TLS failed for another reason (a ws:// server named as wss://, for one); the library's words.
    case tlsFailed(String)

    /// What went wrong, said for a person.
    package var reason: String {
        switch self {
        case .nothingListens: "connection refused: nothing listens there"
        case .unknownHost(let detail): "no such host: \(detail)"
        case .noRoute(let detail): "the network does not reach it: \(detail)"
        case .notTudy: "it answered, but took no WebSocket"
        case .untrustedCertificate: "its certificate is not signed by anyone tudy trusts"
        case .tlsFailed(let detail): "TLS failed: \(detail)"
        }
    }

    /// What would work, for the server at `url`: the other scheme, by name, where the problem
    /// points to it (a wss:// server answers a plain request with a refusal, and a ws:// server
    /// answers TLS with bytes that are no TLS record, "wrong version number").
    package func advice(for url: String) -> String {
        let other = url.hasPrefix("wss://") ? "ws://" + url.dropFirst("wss://".count) : "wss://" + url.dropFirst("ws://".count)
        switch self {
        case .nothingListens: return "check the port, and that tudy serve runs there"
        case .notTudy where url.hasPrefix("ws://"):
            return "if it serves wss://, use \(other); if not, check the port, and that tudy serve runs there"
        case .notTudy: return "check the port, and that tudy serve runs there"
        case .unknownHost: return "check the host name"
        case .noRoute: return "check the host, and this machine's network"
        case .untrustedCertificate: return "give --ca-file with the certificate that signed the server's"
        case .tlsFailed("wrong version number"): return "it speaks no TLS: use \(other)"
        case .tlsFailed: return "check ws:// or wss://, and that tudy serve runs there"
        }
    }

    /// The lasting problem a failed connection shows, or nil for one that may pass by itself
    /// (a time-out, a connection dropped half-way).
    static func of(_ error: any Error) -> ConnectProblem? {
        if let error = error as? NIOConnectionError {
            if let lookup = error.dnsAError ?? error.dnsAAAAError {
                let detail = (lookup as? SocketAddressError.UnknownHost)?.errorDescription ?? "\(lookup)"
                return .unknownHost(detail.prefix(1).lowercased() + detail.dropFirst())
            }
            let codes = error.connectionErrors.compactMap { ($0.error as? IOError)?.errnoCode }
            guard !codes.isEmpty, codes.count == error.connectionErrors.count else { return nil }
            if codes.allSatisfy({ $0 == ECONNREFUSED }) { return .nothingListens }
            if let code = codes.first(where: { $0 == EHOSTUNREACH || $0 == ENETUNREACH }) {
                return .noRoute(String(cString: strerror(code)).lowercased())
            }
            return nil
        }
        if let error = error as? WebSocketClientError, error == .webSocketUpgradeFailed { return .notTudy }
        if let error = error as? NIOSSLError, case .handshakeFailed(let failure) = error {
            let reason = Self.reasonName(in: "\(failure)")
            return reason == "certificate verify failed" ? .untrustedCertificate : .tlsFailed(reason)
        }
        return nil
    }

    /// BoringSSL's reason, `error:…:SSL routines:OPENSSL_internal:WRONG_VERSION_NUMBER at file:line`,
    /// as words: `wrong version number`.
    static func reasonName(in text: String) -> String {
        guard let start = text.range(of: "OPENSSL_internal:")?.upperBound else { return text }
        let name = text[start...].prefix { $0 != " " && $0 != "]" }
        return String(name.lowercased().map { $0 == "_" ? " " : $0 })
    }
}
