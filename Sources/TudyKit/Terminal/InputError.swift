/// An input line tudy can not take, with the line a user sees.
package enum InputError: Error, Equatable, Sendable, UserFacingError {
    case invalidUTF8
    case nulByte
    case tooLong(limit: Int)
    /// Lines of a paste not run: they followed a `/login` or `/signup` that asked no password.
    case pasteDropped(lines: Int)

    package var message: String {
        switch self {
        case .invalidUTF8:
            "the line is not valid UTF-8 and was ignored: check the terminal's encoding"
        case .nulByte:
            "the line holds a NUL byte and was ignored"
        case .tooLong(let limit):
            "the line is longer than \(limit / 1024) KiB and was ignored: split it"
        case .pasteDropped(let lines):
            "the rest of the paste (\(lines) lines) was not run: its /login asked for no password"
        }
    }
}
