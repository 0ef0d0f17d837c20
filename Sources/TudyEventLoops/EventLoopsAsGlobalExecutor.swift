import CConcurrencyHook
import NIOCore
import NIOPosix

/// Runs the work of every task and actor of the process that has no executor of its own on
/// SwiftNIO's event loops (its singleton group, which the server's sockets and PostgreSQL's
/// connections use), not on the Swift runtime's own pool of threads.
///
/// A WebSocket's frame went from the socket's event loop to a task on the runtime's pool and
/// back, each a thread woken, for every frame read and written: a fifth of a busy server's
/// processor time. On the event loops, a task that reads a socket mostly goes on where the
/// socket was read. It is what `NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor`
/// does, which finds the runtime's hook with dlsym, and so never in a program with the Swift
/// libraries linked in, as tudy is built.
///
/// Whatever runs as a task must then never block its thread (a wait on a semaphore, a file
/// read): it would stall every socket of that event loop. tudy's blocking work has threads of
/// its own (password hashing, a SQLite store's watch), and GRDB its own queues.
package enum EventLoopsAsGlobalExecutor {
    private typealias Enqueue = @convention(thin) (UnownedJob, @convention(thin) (UnownedJob) -> Void) -> Void

    /// Installs the event loops as the global executor, once, before any task begins that
    /// should run there. - Returns: false when some other hook was installed already.
    @discardableResult
    package static func install() -> Bool {
        let hook = tudy_global_enqueue_hook()
        guard hook.pointee == nil else { return false }
        let enqueue: Enqueue = { job, _ in
            // The event loop the caller is on, if it is one of the group's: no thread is woken.
            MultiThreadedEventLoopGroup.singleton.any().executor.enqueue(ExecutorJob(job))
        }
        hook.pointee = unsafeBitCast(enqueue, to: UnsafeMutableRawPointer.self)
        return true
    }
}
