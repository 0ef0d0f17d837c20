import Synchronization
import TudyCore
import TudyWire

/// The JSON of the changes a server pushed last, shared by all its connections: a message goes
/// to every member of its room who listens, and is encoded once for them all, not once for each
/// (encoding each was a large share of a busy server's work).
///
/// At most `capacity` are kept, the oldest going first, each of at most `largestKept` bytes (a
/// longer one is encoded for each connection): whatever clients send, it holds at most 1 MiB.
final class EncodedChanges: Sendable {
    /// The most changes kept: 64, enough for the pushes of the moment to find theirs.
    static let capacity = 64
    /// The longest JSON of a change kept: 16 KiB.
    static let largestKept = 16 * 1024

    private struct Kept {
        /// Each kept change's fingerprint, looked through before any change is compared whole:
        /// copying the changes to compare them was as much work as encoding one.
        var fingerprints: [Int] = []
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
        let fingerprint = Self.fingerprint(change)
        let found = kept.withLock { kept -> String? in
            // The newest first: a change is pushed to its listeners one after another.
            for step in kept.fingerprints.indices.reversed() {
                let index = (kept.next + step) % kept.fingerprints.count
                if kept.fingerprints[index] == fingerprint, kept.changes[index].change == change { return kept.changes[index].json }
            }
            return nil
        }
        if let found { return found }
        guard let json = try? codec.encode(WireChange(change)) else { return nil }
        if json.utf8.count <= Self.largestKept {
            kept.withLock { kept in
                if kept.changes.count < Self.capacity {
                    kept.fingerprints.append(fingerprint)
                    kept.changes.append((change, json))
                } else {
                    kept.fingerprints[kept.next] = fingerprint
                    kept.changes[kept.next] = (change, json)
                    kept.next = (kept.next + 1) % Self.capacity
                }
            }
        }
        return json
    }

    /// A number that equal changes share: their kind and what they are about.
    private static func fingerprint(_ change: StoreChange) -> Int {
        switch change {
        case .message(let message): message.id &* 8
        case .messageChanged(let message): message.id &* 8 &+ 1
        case .joined(let room): room.id &* 8 &+ 2
        case .left(let roomID): roomID &* 8 &+ 3
        case .roomChanged(let room): room.id &* 8 &+ 4
        case .read(let roomID, _, let upTo): (roomID &* 1_000_003 &+ upTo) &* 8 &+ 5
        }
    }
}
