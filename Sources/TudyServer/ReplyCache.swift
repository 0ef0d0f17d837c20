import TudyKit

/// Replies to requests that changed the store, by the client's key, so that a request repeated
/// after a dropped connection is answered again rather than done twice.
actor ReplyCache {
    private let capacity: Int
    private var replies: [String: WireFrame] = [:]
    private var order: [String] = []

    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    func reply(for key: String) -> WireFrame? {
        replies[key]
    }

    func keep(_ reply: WireFrame, for key: String) {
        guard replies.updateValue(reply, forKey: key) == nil else { return }
        order.append(key)
        if order.count > capacity {
            replies[order.removeFirst()] = nil
        }
    }
}
