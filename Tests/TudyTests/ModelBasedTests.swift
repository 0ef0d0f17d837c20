import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// Seeded random sequences of store operations by several people, run against the in-memory
/// store as the model and each other store as the subject: after every step their answers
/// (values and errors alike) must be equal. A failure names its seed and a shrunk sequence.
/// `TUDY_MODEL_SEEDS=N` runs seeds 1 to N instead of the suite's eight.
@Suite("Model-based store check", .closingStores)
struct ModelBasedTests {
    static let stepsPerSeed = 250

    static var seeds: ClosedRange<UInt64> {
        let count = ProcessInfo.processInfo.environment["TUDY_MODEL_SEEDS"].flatMap { UInt64($0) } ?? 8
        return 1...max(count, 1)
    }

    @Test("every store answers each step as the model does", arguments: QuickRun.keeping([StoreFactory.sqlite, .postgres, .remote]) { $0.name == StoreFactory.postgres.name })
    func agreesWithModel(_ subject: StoreFactory) async throws {
        let check = ModelCheck(subject: subject)
        for seed in Self.seeds {
            var random = SeededGenerator(seed: seed)
            let steps = (0..<Self.stepsPerSeed).map { _ in StoreStep.random(using: &random) }
            guard let (shrunk, divergence) = try await check.shrink(steps) else { continue }
            let listing = shrunk.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
            Issue.record("seed \(seed): the \(subject.name) store and the model differ \(divergence)\nshrunk to \(shrunk.count) steps:\n\(listing)")
            return
        }
    }
}
