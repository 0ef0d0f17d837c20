import GRDB
import Synchronization
import TudyCore

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
actor StoreWriter {
    private struct WaitingWrite: Sendable {
        let ticket: Int
        let body: @Sendable (Database) throws -> any Sendable
    }

    /// The writes waiting for the writer's thread, in the order they came, and what a commit
    /// made for the others it took, until each comes to hear it.
    private struct Pending {
        var nextTicket = 0
        var waiting: [WaitingWrite] = []
        var outcomes: [Int: Result<any Sendable, any Error>] = [:]
    }

    private let database: any DatabaseWriter
    private let executor = DispatchQueueExecutor(label: "tudy.store-writer")
    /// Held by callers too, so that a write waits here before its caller hops to the writer.
    private let pending = Mutex(Pending())

    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    init(_ database: any DatabaseWriter) {
        self.database = database
    }

    /// Runs `body` in an immediate transaction, and returns once it is committed and synced.
    /// It may share the transaction with other writes; if it throws, what it wrote is undone,
    /// and theirs is not.
    nonisolated(nonsending) func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        let ticket = pending.withLock { pending in
            defer { pending.nextTicket += 1 }
            pending.waiting.append(WaitingWrite(ticket: pending.nextTicket, body: body))
            return pending.nextTicket
        }
        // A call into the actor comes back straight to the caller's executor, where a
        // continuation resumed on the writer's thread came back by way of a thread of Swift's
        // shared pool: a thread woken more for every write.
        let value = try await outcome(of: ticket)
        // `body` gave it.
        return value as! T
    }

    /// How many writes wait for the writer's thread now; for tests.
    nonisolated var waitingCount: Int { pending.withLock { $0.waiting.count } }

    /// What write `ticket` is to be told: from the commit that took it, made now with every
    /// write waiting if none has.
    private func outcome(of ticket: Int) throws -> any Sendable {
        let writes = pending.withLock { pending in
            defer { pending.waiting = [] }
            return pending.waiting
        }
        let outcomes = commit(writes)
        return try pending.withLock { pending in
            for (write, outcome) in zip(writes, outcomes) {
                pending.outcomes[write.ticket] = outcome
            }
            return pending.outcomes.removeValue(forKey: ticket)!
        }.get()
    }

    /// Commits `writes`; returns what each is to be told.
    private func commit(_ writes: [WaitingWrite]) -> [Result<any Sendable, any Error>] {
        switch writes.count {
        case 0: return []
        // One alone needs no savepoint: that is a send from a person's prompt.
        case 1: return [Result { try database.write(writes[0].body) }]
        default: return commit(together: writes)
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
