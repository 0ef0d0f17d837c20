/// What a load run sent and what each client received, and the figures that follow from them.
struct DeliveryLedger {
    private struct Sent {
        let sender: Int
        let room: Int
        let at: ContinuousClock.Instant
        /// When the sender had the server's answer.
        let answered: ContinuousClock.Instant
    }

    private var sent: [Int: Sent] = [:]
    /// Per client, each message id it received and when it first did.
    private var received: [[Int: ContinuousClock.Instant]]
    private var duplicates = 0
    private let members: [Int: [Int]]
    /// Which server each client is connected to.
    private let serverOf: (Int) -> Int

    /// - Parameters:
    ///   - members: each room's clients, by room id.
    ///   - serverOf: the server a client is connected to.
    init(clients: Int, members: [Int: [Int]], serverOf: @escaping (Int) -> Int) {
        received = Array(repeating: [:], count: clients)
        self.members = members
        self.serverOf = serverOf
    }

    var sentCount: Int { sent.count }

    mutating func recordSent(
        messageID: Int, by client: Int, in room: Int, at instant: ContinuousClock.Instant, answered: ContinuousClock.Instant
    ) {
        sent[messageID] = Sent(sender: client, room: room, at: instant, answered: answered)
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
        var sameServer: [Duration] = []
        var otherServer: [Duration] = []
        var delivered = 0
        var lost = 0
        for (id, message) in sent {
            for member in members[message.room] ?? [] {
                guard let at = received[member][id] else {
                    lost += 1
                    continue
                }
                delivered += 1
                guard member != message.sender else { continue }
                latencies.append(at - message.at)
                if serverOf(member) == serverOf(message.sender) {
                    sameServer.append(at - message.at)
                } else {
                    otherServer.append(at - message.at)
                }
            }
        }
        return LoadReport(
            sent: sent.count, failed: failures, delivered: delivered, lost: lost, duplicated: duplicates,
            latencies: latencies.sorted(), answers: sent.values.map { $0.answered - $0.at }.sorted(),
            sameServer: sameServer.sorted(), otherServer: otherServer.sorted())
    }
}
