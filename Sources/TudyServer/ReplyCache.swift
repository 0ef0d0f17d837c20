import TudyKit

/// Replies to requests that changed the store, by the client's key, so that a request repeated
/// after a dropped connection is answered again rather than done twice.
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
    /// The bytes of the replies kept, as encoded.
    private(set) var size = 0

    init(capacity: Int = ReplyCache.defaultCapacity, byteCapacity: Int = ReplyCache.defaultByteCapacity) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
    }

    /// How many replies are kept.
    var count: Int { replies.count }

    func reply(for scope: String) -> WireFrame? {
        replies[SHA256.hex(scope)]?.frame
    }

    func keep(_ reply: WireFrame, for scope: String) {
        let key = SHA256.hex(scope)
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
