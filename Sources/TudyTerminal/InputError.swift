import TudyCore

/// An input line tudy can not take, with the line a user sees.
package enum InputError: Error, Equatable, Sendable, UserFacingError {
    case invalidUTF8
    case nulByte
    case tooLong(limit: Int)
    /// Lines of a paste not run: they followed a `/login` or `/signup` that asked no password.
    case pasteDropped(lines: Int)

    /// A stable name for the error, for programs (`--json`).
    package var code: String {
        switch self {
        case .invalidUTF8: "invalid_utf8"
        case .nulByte: "nul_byte"
        case .tooLong: "too_long"
        case .pasteDropped: "paste_dropped"
        }
    }

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
