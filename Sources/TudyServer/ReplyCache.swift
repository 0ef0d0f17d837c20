import TudyCore
import TudyWire

/// Replies to requests that changed the store, by the client's key, so that a request repeated
/// after a dropped connection is answered again rather than done twice, also while the first
/// is still being answered.
///
/// A request is kept by the SHA-256 of its scope, not the scope itself (a whole request, up to
/// 64 KiB), and only the newest are: at most `capacity` replies, of at most `byteCapacity`
/// in all, the oldest going first, so that a stranger sending keyed posts holds no more.
actor ReplyCache {
    /// The most replies kept: 10,000.
    static let defaultCapacity = 10_000
    /// The most bytes of replies kept: 16 MiB.
    static let defaultByteCapacity = 16 * 1024 * 1024

    private let capacity: Int
    private let byteCapacity: Int
    private var replies: [String: (frame: WireFrame, size: Int)] = [:]
    private var order: [String] = []
    private var first = 0
    /// The requests being answered now, each with the repeats of it that wait for its end.
    private var answering: [String: [CheckedContinuation<Void, Never>]] = [:]
    /// The bytes of the replies kept, as encoded.
    private(set) var size = 0

    init(capacity: Int = ReplyCache.defaultCapacity, byteCapacity: Int = ReplyCache.defaultByteCapacity) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
    }

    /// How many replies are kept.
    var count: Int { replies.count }

    /// How many repeats wait for a request being answered.
    var repeatsWaiting: Int { answering.values.reduce(0) { $0 + $1.count } }

    func reply(for scope: String) -> WireFrame? {
        replies[SHA256.hex(scope)]?.frame
    }

    /// The reply kept for `scope`, or else `answer`'s, kept. A repeat that comes while the
    /// request is being answered (the client lost its connection meanwhile, reconnected and
    /// sent it again) waits for that answer rather than being done again: a sign-up done twice
    /// would tell its maker their own new name was taken. When the answer fails, nothing is
    /// kept, and the next repeat is answered afresh.
    /// - Parameter whenRepeatWaits: called when this ask waits for the answer to another.
    /// - Returns: the reply, and whether it was given before.
    func reply(
        for scope: String, whenRepeatWaits: @Sendable () -> Void = {}, answer: @Sendable () async throws -> WireFrame
    ) async throws -> (frame: WireFrame, isRepeat: Bool) {
        let key = SHA256.hex(scope)
        while true {
            if let kept = replies[key] { return (kept.frame, true) }
            guard answering[key] != nil else { break }
            whenRepeatWaits()
            await withCheckedContinuation { continuation in
                if answering[key] != nil { answering[key]?.append(continuation) } else { continuation.resume() }
            }
        }
        answering[key] = []
        defer { answering.removeValue(forKey: key)?.forEach { $0.resume() } }
        let frame = try await answer()
        keep(frame, forKey: key)
        return (frame, false)
    }

    func keep(_ reply: WireFrame, for scope: String) {
        keep(reply, forKey: SHA256.hex(scope))
    }

    private func keep(_ reply: WireFrame, forKey key: String) {
        let bytes = ((try? WireCodec().encode(reply)) ?? "").utf8.count + key.utf8.count
        guard replies[key] == nil, bytes <= byteCapacity else { return }
        replies[key] = (reply, bytes)
        order.append(key)
        size += bytes
        while replies.count > capacity || size > byteCapacity {
            if let gone = replies.removeValue(forKey: order[first]) { size -= gone.size }
            first += 1
        }
        // The keys gone are dropped in one go, once they are half of those listed.
        if first > order.count / 2 {
            order.removeFirst(first)
            first = 0
        }
    }
}
