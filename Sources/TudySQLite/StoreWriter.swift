import GRDB
import TudyKit

/// Makes a store's writes, one at a time, on a thread of its own: each is GRDB's blocking write,
/// disk sync and all, which must not hold one of Swift's few shared threads.
actor StoreWriter {
    private let database: any DatabaseWriter
    private let executor = DispatchQueueExecutor(label: "tudy.store-writer")

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(_ database: any DatabaseWriter) {
        self.database = database
    }

    /// Runs `body` in one immediate transaction, and returns once it is committed and synced.
    func write<T: Sendable>(_ body: @Sendable (Database) throws -> T) throws -> T {
        try database.write(body)
    }
}
