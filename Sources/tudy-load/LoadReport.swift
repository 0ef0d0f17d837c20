import Foundation

/// A load run's figures: messages sent, deliveries made, lost and repeated, and delivery latency.
struct LoadReport {
    let sent: Int
    /// Sends that were refused or never answered: reported as not sent, which is not a loss.
    let failed: Int
    let delivered: Int
    let lost: Int
    let duplicated: Int
    /// From just before a sender's request to a member's receipt, members other than the sender; sorted.
    let latencies: [Duration]
    /// From just before a sender's request to its answer (the message stored); sorted.
    let answers: [Duration]
    /// The latencies of members on the sender's server, and on another; sorted.
    let sameServer: [Duration]
    let otherServer: [Duration]

    func quantile(_ q: Double) -> Duration? { Self.quantile(q, of: latencies) }

    private static func quantile(_ q: Double, of sorted: [Duration]) -> Duration? {
        guard !sorted.isEmpty else { return nil }
        return sorted[min(sorted.count - 1, Int(q * Double(sorted.count)))]
    }

    /// One line a person reads and a script splits on spaces: `name value` pairs.
    var line: String {
        func ms(_ duration: Duration?) -> String {
            guard let duration else { return "-" }
            let (seconds, attoseconds) = duration.components
            return String(format: "%.1f", Double(seconds) * 1000 + Double(attoseconds) / 1e15)
        }
        return "sent \(sent) failed \(failed) delivered \(delivered) lost \(lost) duplicated \(duplicated)"
            + " p50_ms \(ms(quantile(0.5))) p99_ms \(ms(quantile(0.99))) max_ms \(ms(latencies.last))"
            // Where the time goes: the send's answer, and delivery within one server or across two.
            + " answer_p50_ms \(ms(Self.quantile(0.5, of: answers))) answer_p99_ms \(ms(Self.quantile(0.99, of: answers)))"
            + " same_server_p99_ms \(ms(Self.quantile(0.99, of: sameServer)))"
            + " other_server_p99_ms \(ms(Self.quantile(0.99, of: otherServer)))"
    }
}
