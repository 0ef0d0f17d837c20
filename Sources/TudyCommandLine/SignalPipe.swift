import Dispatch
import Foundation

/// The write end of the pipe, for the signal handler, which may run on any of tudy's threads.
nonisolated(unsafe) private var signalPipe: [Int32] = [-1, -1]

/// SIGINT, SIGWINCH, SIGTSTP, SIGCONT, SIGTERM and SIGHUP as events on the main queue: the handler
/// only writes the signal's number to a pipe, which a dispatch source reads.
final class SignalPipe: @unchecked Sendable {
    private static let signals = [SIGINT, SIGWINCH, SIGTSTP, SIGCONT, SIGTERM, SIGHUP]
    private var source: (any DispatchSourceRead)?
    private var handler: (@Sendable (Int32) -> Void)?

    /// Starts delivering the signals to `handler`, on the main queue.
    func start(_ handler: @escaping @Sendable (Int32) -> Void) {
        self.handler = handler
        guard pipe(&signalPipe) == 0 else { return }
        _ = fcntl(signalPipe[0], F_SETFL, O_NONBLOCK)
        _ = fcntl(signalPipe[1], F_SETFL, O_NONBLOCK)
        Self.signals.forEach(Self.catchSignal)
        let source = DispatchSource.makeReadSource(fileDescriptor: signalPipe[0], queue: .main)
        source.setEventHandler { [weak self] in self?.deliverPending() }
        source.activate()
        self.source = source
    }

    /// Hands every signal that came and was not handed on yet to the handler. Called before a
    /// key is read as well, so that keys typed after Ctrl-C are not taken into the line it drops.
    func deliverPending() {
        guard let handler, signalPipe[0] >= 0 else { return }
        var numbers = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(signalPipe[0], &numbers, numbers.count)
            guard count > 0 else { return }
            numbers[..<count].forEach { handler(Int32($0)) }
        }
    }

    private static func catchSignal(_ number: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            var byte = UInt8(truncatingIfNeeded: number)
            _ = write(signalPipe[1], &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(number, &action, nil)
    }

    /// Stops the process as Ctrl-Z would have. SIGSTOP, since no thread can block it, as
    /// Dispatch's threads block SIGTSTP. It may return before the process stops: SIGCONT
    /// (`fg`) comes as a signal of its own.
    func stopProcess() {
        kill(getpid(), SIGSTOP)
    }
}
