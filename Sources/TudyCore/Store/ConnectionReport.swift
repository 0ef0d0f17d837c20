/// A store's connection lost or back, as one line for the person and whether what is sent now
/// waits for it.
public struct ConnectionReport: Equatable, Sendable {
    /// What to tell the person, as a sentence.
    public var line: String
    /// Whether the store is away now (its connection lost, or its server's database down):
    /// what is sent waits until it is back.
    public var isAway: Bool

    package init(_ line: String, isAway: Bool) {
        self.line = line
        self.isAway = isAway
    }
}
