import Dispatch
import GRDB
import Synchronization

/// Makes a store's writes on a thread of its own, and commits together the writes that came
/// while the one before was being committed: one transaction, one disk sync for them all.
///
/// Each write is GRDB's blocking write, disk sync and all, which must not hold one of Swift's
/// few shared threads. A server on SQLite has one writer for every connection's sends, and
/// the disk syncs once a commit: a commit for each write made the sync the limit of how many
/// messages a second one server took, and the wait for it most of a busy server's delivery
/// time. Writes committed together each run in a savepoint of their own: one that fails is
/// undone alone, and tells its caller why; the others are kept. No caller hears that its
/// write was made before the commit that holds it is synced.
final class StoreWriter: Sendable {
    private struct WaitingWrite: Sendable {
        let body: @Sendable (Database) throws -> any Sendable
        let continuation: CheckedContinuation<any Sendable, any Error>
    }

    private let database: any DatabaseWriter
    private let queue = DispatchQueue(label: "tudy.store-writer")
    /// The writes waiting for the writer's thread, in the order they came.
    private let waiting = Mutex<[WaitingWrite]>([])

    init(_ database: any DatabaseWriter) {
        self.database = database
    }

    /// Runs `body` in an immediate transaction, and returns once it is committed and synced.
    /// It may share the transaction with other writes; if it throws, what it wrote is undone,
    /// and theirs is not.
    nonisolated(nonsending) func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let value = try await withCheckedThrowingContinuation { continuation in
            let isFirst = waiting.withLock { writes in
                writes.append(WaitingWrite(body: body, continuation: continuation))
                return writes.count == 1
            }
            // Later ones are taken by the commit this schedules, or by the one after it. Each
            // caller hears once the writer is let go: a store its callers are done with closes
            // then, not a moment after they go on (the last to close a file empties its -wal).
            if isFirst {
                queue.async { [weak self] in
                    let answers = self?.commitWaiting() ?? []
                    for (write, outcome) in answers { write.continuation.resume(with: outcome) }
                }
            }
        }
        // `body` gave it.
        return value as! T
    }

    /// How many writes wait for the writer's thread now; for tests.
    var waitingCount: Int { waiting.withLock { $0.count } }

    /// Commits the writes waiting; returns what each is to be told.
    private func commitWaiting() -> [(WaitingWrite, Result<any Sendable, any Error>)] {
        let writes = waiting.withLock { writes in
            defer { writes = [] }
            return writes
        }
        switch writes.count {
        case 0: return []
        // One alone needs no savepoint: that is a send from a person's prompt.
        case 1: return [(writes[0], Result { try database.write(writes[0].body) })]
        default: return Array(zip(writes, commit(together: writes)))
        }
    }

    /// Each write in a savepoint of its own, so that one that throws is undone alone. SQLite
    /// undoes the whole transaction for some errors (a full disk, a failed read or write of
    /// the file); GRDB then fails the whole write, and so every write of the group is told it
    /// failed, not only the one that met the error.
    private func commit(together writes: [WaitingWrite]) -> [Result<any Sendable, any Error>] {
        do {
            return try database.write { db in
                writes.map { write -> Result<any Sendable, any Error> in
                    Result {
                        var value: (any Sendable)?
                        try db.inSavepoint {
                            value = try write.body(db)
                            return .commit
                        }
                        return value!
                    }
                }
            }
        } catch {
            return writes.map { _ in .failure(error) }
        }
    }
}
