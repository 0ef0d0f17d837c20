import Dispatch

/// Runs an actor's work on a serial dispatch queue of its own: for an actor whose work blocks
/// (a disk sync, a read of standard input) and so must stay off Swift's shared threads.
///
/// A call into such an actor and back wakes one thread each way. A continuation resumed from a
/// queue instead comes back by way of a thread of the shared pool, a wake more each time: a
/// round trip from the main actor took 21 µs so, and 3.5 µs into such an actor and back.
package final class DispatchQueueExecutor: SerialExecutor, @unchecked Sendable {
    private let queue: DispatchQueue

    /// An executor over a new serial queue named `label`.
    package init(label: String) {
        queue = DispatchQueue(label: label)
    }

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    /// Queues `work` after the jobs queued so far, to run on the queue as they do, but as no
    /// job of its actor: it may touch only what is safe from any thread.
    package func run(_ work: @escaping @Sendable () -> Void) {
        queue.async(execute: work)
    }
}
