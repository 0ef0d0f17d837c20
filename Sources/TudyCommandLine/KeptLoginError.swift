import TudyApp
import TudyCore
import TudyTerminal

/// Why a login could not be kept for the next run; the login itself stands.
enum KeptLoginError: UserFacingError {
    case unwritable(path: String, reason: String)

    /// A stable name for the error, for programs (`--json`).
    var code: String {
        switch self {
        case .unwritable: "unwritable"
        }
    }

    var message: String {
        switch self {
        case .unwritable(let path, let reason):
            "can not keep it in \(path) (\(reason)): check that the directory may be written, or set XDG_STATE_HOME"
        }
    }
}
