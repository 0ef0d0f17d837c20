/// What goes wrong with the place a store keeps its data (a store file, a PostgreSQL database),
/// with the line a user sees.
///
/// One type for both, so that the storage layer has one error type and one list of codes;
/// a store's refusals of what was asked are `StoreError`. None of these changes a store file.
package enum StorageError: Error, Equatable, Sendable, UserFacingError, StoreOutage {
    /// The file is some other program's, not a tudy store.
    case notATudyStore(path: String)
    /// The file was migrated by a newer tudy than this one.
    case newerSchema(path: String)
    case readOnly(path: String)
    case missingDirectory(path: String)
    case diskFull
    /// Another process held the file for longer than a write waits, `seconds`.
    case busy(seconds: Int)
    case unreadable(path: String, reason: String)
    case corrupt(path: String)
    case isDirectory(path: String)
    case damaged(path: String, problem: String, count: Int)
    case notARegularFile(path: String)
    case danglingLink(path: String, target: String)
    /// `--database` is not a `postgres://` URL tudy can use.
    case badURL(String)
    /// The database did not answer, or refused the connection.
    case unreachable(String)
    /// The database answered, and refused who tudy said it was (a wrong user or password).
    case refused(String)
    /// Another server wrote the same thing at the same moment.
    case conflict
    /// The file `--database-password-file` names can not be read.
    case unreadablePasswordFile(String)

    /// The database not answering is an outage: a request it cut short waits for it.
    package var isOutage: Bool {
        if case .unreachable = self { true } else { false }
    }

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
        case .badURL: "bad_url"
        case .unreachable: "unreachable"
        case .refused: "refused"
        case .conflict: "conflict"
        case .unreadablePasswordFile: "unreadable_password_file"
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
        case .busy(let seconds):
            "the store is busy: another tudy kept it for \(seconds) s; nothing was saved; try again"
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
        case .badURL(let url):
            "'\(url)' is not a database address: use postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
        case .unreachable(let reason):
            "the database can not be reached (\(reason)): check that PostgreSQL runs and the address is right"
        case .refused(let reason):
            "the database refused the login (\(reason)): check the user and password, in --database-password-file, PGPASSWORD, --database or ~/.pgpass"
        case .conflict:
            "someone else changed the same thing at the same moment: try again"
        case .unreadablePasswordFile(let path):
            "can not read the password file \(path): give --database-password-file a file this user can read, holding the password on its first line"
        }
    }
}
