import TudyKit

/// A fault of the store file itself, with the line a user sees. None of them changes the file.
package enum StoreFileError: Error, Equatable, Sendable, UserFacingError {
    case notATudyStore(path: String)
    case newerSchema(path: String)
    case readOnly(path: String)
    case missingDirectory(path: String)
    case diskFull
    /// Another process held the file for longer than a write waits.
    case busy
    case unreadable(path: String, reason: String)
    case corrupt(path: String)
    case isDirectory(path: String)
    case damaged(path: String, problem: String, count: Int)
    case notARegularFile(path: String)
    case danglingLink(path: String, target: String)

    /// A stable name for the error, for programs (`--json`).
    package var code: String {
        switch self {
        case .notATudyStore: "not_a_tudy_store"
        case .newerSchema: "newer_schema"
        case .readOnly: "read_only"
        case .missingDirectory: "missing_directory"
        case .diskFull: "disk_full"
        case .busy: "busy"
        case .unreadable: "unreadable"
        case .corrupt: "corrupt"
        case .isDirectory: "is_directory"
        case .damaged: "damaged"
        case .notARegularFile: "not_a_regular_file"
        case .danglingLink: "dangling_link"
        }
    }

    package var message: String {
        switch self {
        case .notATudyStore(let path):
            "\(path) is not a tudy store; it was left untouched: give --store another path"
        case .newerSchema(let path):
            "\(path) was written by a newer tudy: update tudy, or give --store another path"
        case .readOnly(let path):
            "\(path) can not be written (read-only file or directory): check its permissions, or use --memory"
        case .missingDirectory(let path):
            "the directory of \(path) does not exist: make it first, or give --store another path"
        case .busy:
            "the store is busy: another tudy kept it for \(Int(StoreFile.busyTimeout)) s; nothing was saved; try again"
        case .diskFull:
            "the disk is full: nothing was saved; free some space and try again"
        case .unreadable(let path, let reason):
            "\(path) can not be opened: \(reason)"
        case .damaged(let path, let problem, let count):
            "\(path) is damaged (\(count) problem\(count == 1 ? "" : "s"), the first: \(problem)): "
                + "restore it from a copy; `sqlite3 \(path) .recover` may save what is left"
        case .isDirectory(let path):
            "\(path) is a directory: give --store a file in it, such as \(path)/tudy.sqlite"
        case .notARegularFile(let path):
            "\(path) is not a regular file (a device, a pipe or a socket); it was left untouched: give --store a file path"
        case .danglingLink(let path, let target):
            "\(path) is a symbolic link to \(target), which does not exist: make it, or give --store another path"
        case .corrupt(let path):
            "\(path) is damaged: restore it from a copy, or give --store another path"
        }
    }
}
