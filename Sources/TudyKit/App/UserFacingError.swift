/// An error that knows the one line a user is shown for it.
public protocol UserFacingError: Error {
    /// What is wrong and what would work, in one line, without the `error: ` prefix.
    var message: String { get }
}

/// Turns any error into the line shown for it.
public enum ErrorReport {
    /// The line for an error: its own message when it has one.
    public static func message(for error: any Error) -> String {
        if let error = error as? any UserFacingError { return error.message }
        return "unexpected failure: \(error)"
    }
}
