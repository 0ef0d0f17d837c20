/// What a load run sent and what each client received, and the figures that follow from them.
struct DeliveryLedger {
    private struct Sent {
        let sender: Int
        let room: Int
        let at: ContinuousClock.Instant
    }

    private var sent: [Int: Sent] = [:]
    /// Per client, each message id it received and when it first did.
    private var received: [[Int: ContinuousClock.Instant]]
    private var duplicates = 0
    private let members: [Int: [Int]]

    /// - Parameter members: each room's clients, by room id.
    init(clients: Int, members: [Int: [Int]]) {
        received = Array(repeating: [:], count: clients)
        self.members = members
    }

    var sentCount: Int { sent.count }

    mutating func recordSent(messageID: Int, by client: Int, in room: Int, at instant: ContinuousClock.Instant) {
        sent[messageID] = Sent(sender: client, room: room, at: instant)
    }

    mutating func recordReceived(messageID: Int, by client: Int, at instant: ContinuousClock.Instant) {
        if received[client][messageID] != nil {
            duplicates += 1
        } else {
            received[client][messageID] = instant
        }
    }

    /// Deliveries still owed: one per member of a message's room that has not received it.
    var outstanding: Int {
        sent.reduce(0) { count, entry in
            count + (members[entry.value.room] ?? []).count { received[$0][entry.key] == nil }
        }
    }

    /// - Parameter failures: sends that were refused or never answered.
    func report(failures: Int) -> LoadReport {
        var latencies: [Duration] = []
        var delivered = 0
        var lost = 0
        for (id, message) in sent {
            for member in members[message.room] ?? [] {
                guard let at = received[member][id] else {
                    lost += 1
                    continue
                }
                delivered += 1
                if member != message.sender { latencies.append(at - message.at) }
            }
        }
        return LoadReport(
            sent: sent.count, failed: failures, delivered: delivered, lost: lost, duplicated: duplicates, latencies: latencies.sorted())
    }
}
