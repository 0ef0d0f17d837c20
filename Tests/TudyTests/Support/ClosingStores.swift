import Synchronization
import Testing
import TudyPostgres

/// The PostgreSQL stores one test opened, to be closed when it ends: each holds connections
/// to the test cluster, and a run of every test that closed none came to two thirds of the
/// cluster's limit (193 of 300).
final class OpenedStores: Sendable {
    /// Those of the test that runs (`.closingStores`); nil outside one.
    @TaskLocal static var ofThisTest: OpenedStores?

    private let stores = Mutex<[PostgresChatStore]>([])

    func add(_ store: PostgresChatStore) {
        stores.withLock { $0.append(store) }
    }

    func closeAll() async {
        for store in stores.withLock({ stores in defer { stores = [] }; return stores }) { await store.close() }
    }
}

/// Closes the PostgreSQL stores each test of a suite opened (`PostgresTestCluster.store`),
/// once the test ends, however it ends.
struct ClosingStores: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        // Called for the suite itself too, which opens nothing.
        guard testCase != nil else { return try await function() }
        let opened = OpenedStores()
        do {
            try await OpenedStores.$ofThisTest.withValue(opened) { try await function() }
        } catch {
            await opened.closeAll()
            throw error
        }
        await opened.closeAll()
    }
}

extension Trait where Self == ClosingStores {
    /// Closes the PostgreSQL stores each test opened, once it ends.
    static var closingStores: Self { Self() }
}
