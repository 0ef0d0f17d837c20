/// How a run of tudy ended. Each part of a run says what happened; the exit status is decided
/// from it here alone.
package enum RunOutcome: Equatable, Sendable {
    /// It did what was asked: a session left with `/quit` or at the end of input, a check that
    /// found no damage, a server stopped by a signal. A person at a terminal who saw an error
    /// also ends here: they have read it already.
    case finished
    /// A script's command failed, or its input ended inside a flow; the errors were said.
    case commandFailed
    /// It could not begin: a store, a file, an address or a server that does not work; said
    /// on standard error. Nothing the user asked for was done.
    case couldNotStart
    /// It began, and then an error stopped it: the store at the start of a session, or a
    /// running server.
    case stoppedByError
    /// Standard output was closed under it.
    case outputClosed

    /// The exit status a shell sees.
    package var exitStatus: Int32 {
        switch self {
        case .finished: 0
        case .commandFailed, .stoppedByError: 1
        case .couldNotStart: 2
        // 128 + SIGPIPE, as a shell reports a program that wrote to a closed pipe.
        case .outputClosed: 141
        }
    }
}
