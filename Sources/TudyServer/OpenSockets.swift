import Synchronization

/// Every socket the server holds, counted from the moment it is accepted, before it has said
/// a byte: how many in all, and per address how many are not a WebSocket yet. A server that
/// let strangers open sockets without bound would run out of open files, and then fail in
/// ways no client is told of (the system's own thread pool stops when it can not open a file).
final class OpenSockets: Sendable {
    /// Why a socket was closed as it opened.
    enum Refusal: String, Sendable {
        /// The server holds its limit of sockets in all.
        case serverFull = "server_full"
        /// Its address holds its limit of sockets that are not a WebSocket yet.
        case addressHandshaking = "too_many_handshakes"
    }

    /// One accepted socket's place in the count, given back once when it closes.
    final class Ticket: Sendable {
        private enum Stage { case handshaking, webSocket, closed }

        private let sockets: OpenSockets
        private let address: String
        private let stage = Mutex(Stage.handshaking)

        fileprivate init(sockets: OpenSockets, address: String) {
            self.sockets = sockets
            self.address = address
        }

        /// The socket became a WebSocket: it no longer counts among its address's handshakes.
        func becameWebSocket() {
            let wasHandshaking = stage.withLock { stage in
                defer { if stage == .handshaking { stage = .webSocket } }
                return stage == .handshaking
            }
            if wasHandshaking { sockets.leave(address, handshaking: true, closing: false) }
        }

        /// The socket closed: it counts no more.
        func closed() {
            let before = stage.withLock { stage in
                defer { stage = .closed }
                return stage
            }
            if before != .closed { sockets.leave(address, handshaking: before == .handshaking, closing: true) }
        }
    }

    private struct Counts {
        var total = 0
        var handshaking: [String: Int] = [:]
        var refusedUnnoted = 0
        var lastNoted: ContinuousClock.Instant?
    }

    /// Sockets held at once in all.
    let limit: Int
    /// Sockets of one address held at once before they become WebSockets.
    let handshakesPerAddress: Int
    private let counts = Mutex(Counts())

    init(limit: Int, handshakesPerAddress: Int) {
        self.limit = limit
        self.handshakesPerAddress = handshakesPerAddress
    }

    /// How many sockets are held now.
    var count: Int { counts.withLock { $0.total } }

    /// A place for a socket of `address` just accepted, or why there is none.
    /// - Returns: the ticket, or the refusal with, at most once a second, how many sockets
    ///   were refused since it was last said (for the log, which a flood must not flood).
    func admit(_ address: String, now: ContinuousClock.Instant = .now) -> Result<Ticket, Refused> {
        counts.withLock { counts in
            let refusal: Refusal? =
                counts.total >= limit ? .serverFull
                : counts.handshaking[address, default: 0] >= handshakesPerAddress ? .addressHandshaking : nil
            guard let refusal else {
                counts.total += 1
                counts.handshaking[address, default: 0] += 1
                return .success(Ticket(sockets: self, address: address))
            }
            counts.refusedUnnoted += 1
            guard counts.lastNoted.map({ now - $0 >= .seconds(1) }) ?? true else {
                return .failure(Refused(reason: refusal, toNote: nil))
            }
            defer {
                counts.lastNoted = now
                counts.refusedUnnoted = 0
            }
            return .failure(Refused(reason: refusal, toNote: counts.refusedUnnoted))
        }
    }

    /// A socket closed as it opened.
    struct Refused: Error {
        let reason: Refusal
        /// How many were refused since the log last said so, when it is time to say it again.
        let toNote: Int?
    }

    private func leave(_ address: String, handshaking: Bool, closing: Bool) {
        counts.withLock { counts in
            if closing { counts.total -= 1 }
            guard handshaking else { return }
            let left = counts.handshaking[address, default: 1] - 1
            counts.handshaking[address] = left > 0 ? left : nil
        }
    }
}
