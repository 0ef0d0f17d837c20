/// An error that knows the one line a user is shown for it.
package protocol UserFacingError: Error {
    /// What is wrong and what would work, in one line, without the `error: ` prefix.
    var message: String { get }
    /// A stable name for the kind of error, in snake case (`not_here`, `no_such_room`), for
    /// programs (`--json`); it stays when the message is reworded.
    var code: String { get }
}

/// Turns any error into the line shown for it.
package enum ErrorReport {
    /// The line for an error: its own message when it has one.
    package static func message(for error: any Error) -> String {
        if let error = error as? any UserFacingError { return error.message }
        return "unexpected failure: \(error)"
    }

    /// A stable code for an error, for programs (`--json`): its own when it has one;
    /// `unexpected` for an error of no kind tudy knows.
    package static func code(for error: any Error) -> String {
        (error as? any UserFacingError)?.code ?? "unexpected"
    }
}
