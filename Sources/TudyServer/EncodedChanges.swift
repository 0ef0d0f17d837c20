import Synchronization
import TudyKit

/// The JSON of the changes a server pushed last, shared by all its connections: a message goes
/// to every member of its room who listens, and is encoded once for them all, not once for each
/// (encoding was a third of a busy server's work).
///
/// At most `capacity` are kept, the oldest going first, each of at most `largestKept` bytes (a
/// longer one is encoded for each connection): whatever clients send, it holds at most 1 MiB.
final class EncodedChanges: Sendable {
    /// The most changes kept: 64, enough for the pushes of the moment to find theirs.
    static let capacity = 64
    /// The longest JSON of a change kept: 16 KiB.
    static let largestKept = 16 * 1024

    private struct Kept {
        var changes: [(change: StoreChange, json: String)] = []
        /// Where the next one kept goes, once `capacity` are.
        var next = 0
    }

    private let kept = Mutex(Kept())
    private let codec = WireCodec()

    /// The text of the frame that pushes `change` to `subscription`, as `WireCodec` encodes it.
    func frame(_ change: StoreChange, subscription: Int) -> String? {
        guard let json = json(of: change) else { return nil }
        return WireCodec.changeFrame(change: json, subscription: subscription)
    }

    /// How many changes are kept.
    var count: Int { kept.withLock { $0.changes.count } }

    private func json(of change: StoreChange) -> String? {
        let found = kept.withLock { kept -> String? in
            // The newest first: a change is pushed to its listeners one after another.
            for step in kept.changes.indices.reversed() {
                let index = (kept.next + step) % kept.changes.count
                if kept.changes[index].change == change { return kept.changes[index].json }
            }
            return nil
        }
        if let found { return found }
        guard let json = try? codec.encode(WireChange(change)) else { return nil }
        if json.utf8.count <= Self.largestKept {
            kept.withLock { kept in
                if kept.changes.count < Self.capacity {
                    kept.changes.append((change, json))
                } else {
                    kept.changes[kept.next] = (change, json)
                    kept.next = (kept.next + 1) % Self.capacity
                }
            }
        }
        return json
    }
}
