import NIOCore

/// The frames a connection owes its client and has not yet handed to the socket, counted in
/// bytes: a client that stops reading is found by what it lets pile up, not by the server's
/// memory.
struct OutboundQueue {
    private var frames = CircularBuffer<String>(initialCapacity: 2)
    /// The bytes of the frames held.
    private(set) var bytes = 0

    var isEmpty: Bool { frames.isEmpty }

    mutating func append(_ text: String) {
        frames.append(text)
        bytes += text.utf8.count
    }

    mutating func popFirst() -> String? {
        guard let text = frames.popFirst() else { return nil }
        bytes -= text.utf8.count
        return text
    }

    /// Drops every frame: the client will not be given them.
    mutating func removeAll() {
        frames.removeAll(keepingCapacity: false)
        bytes = 0
    }
}
