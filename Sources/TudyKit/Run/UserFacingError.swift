/// An error that knows the one line a user is shown for it.
package protocol UserFacingError: Error {
    /// What is wrong and what would work, in one line, without the `error: ` prefix.
    var message: String { get }
}

/// Turns any error into the line shown for it.
package enum ErrorReport {
    /// The line for an error: its own message when it has one.
    package static func message(for error: any Error) -> String {
        if let error = error as? any UserFacingError { return error.message }
        return "unexpected failure: \(error)"
    }

    /// A stable code for an error, for programs (`--json`): the store's the wire's code
    /// (`no_such_room`), another's the name of its case in snake case (`unknown`,
    /// `not_here`, `invalid_utf8`); `unexpected` for an error of no kind tudy knows.
    package static func code(for error: any Error) -> String {
        switch error {
        case let error as StoreError: return WireError(error).code
        case let error as WireError: return error.code
        case let error as any UserFacingError:
            let name = Mirror(reflecting: error).children.first?.label ?? "\(error)"
            return snakeCase(String(name.prefix { $0 != "(" }))
        default: return "unexpected"
        }
    }

    private static func snakeCase(_ name: String) -> String {
        var result = ""
        for (index, character) in name.enumerated() {
            let isBoundary = character.isUppercase && index > 0 && !(name[name.index(name.startIndex, offsetBy: index - 1)].isUppercase)
            if isBoundary { result += "_" }
            result += character.lowercased()
        }
        return result
    }
}
