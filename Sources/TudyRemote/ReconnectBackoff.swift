/// How long a client waits before it tries its server again: 100 ms, doubling to 5 s, each
/// wait drawn at random between half and all of it, so that the clients a server restart
/// dropped do not all come back in the same instant.
struct ReconnectBackoff {
    static let first = Duration.milliseconds(100)
    static let longest = Duration.seconds(5)

    private var current = Self.first

    /// The next wait, and the one after it doubled.
    mutating func next(using random: inout some RandomNumberGenerator) -> Duration {
        let full = current
        current = min(current * 2, Self.longest)
        let millis = Int(full / .milliseconds(1))
        return .milliseconds(Int.random(in: (millis / 2)...millis, using: &random))
    }

    /// After a connection that lasted: the next wait is short again.
    mutating func reset() {
        current = Self.first
    }
}
