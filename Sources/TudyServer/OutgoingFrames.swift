/// The frames a connection has encoded and not yet written, oldest first, bounded in bytes:
/// one frame of any size may wait, and more only while all of them stay within `limit`.
struct OutgoingFrames {
    let limit: Int
    private var frames: [String] = []
    private var start = 0
    /// The bytes of the frames waiting.
    private(set) var bytes = 0

    init(limit: Int) {
        self.limit = limit
    }

    var isEmpty: Bool { start == frames.count }

    /// Puts a frame behind the others; false, adding nothing, when frames wait already and
    /// this one would take them past `limit`.
    mutating func add(_ text: String) -> Bool {
        guard isEmpty || bytes + text.utf8.count <= limit else { return false }
        frames.append(text)
        bytes += text.utf8.count
        return true
    }

    /// The oldest frame, taken off; nil when none waits.
    mutating func next() -> String? {
        guard !isEmpty else { return nil }
        let text = frames[start]
        start += 1
        bytes -= text.utf8.count
        // Those taken are let go of in one go, once they are half the array.
        if isEmpty {
            removeAll()
        } else if start > 1024 && start > frames.count / 2 {
            frames.removeFirst(start)
            start = 0
        }
        return text
    }

    mutating func removeAll() {
        frames = []
        start = 0
        bytes = 0
    }
}
