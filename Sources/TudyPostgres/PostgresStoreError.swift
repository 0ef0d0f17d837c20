import TudyKit

/// What goes wrong between a server and its PostgreSQL database, with what would work.
package enum PostgresStoreError: Error, Equatable, UserFacingError, StoreOutage {
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
        case .badURL: "bad_url"
        case .unreachable: "unreachable"
        case .refused: "refused"
        case .conflict: "conflict"
        case .unreadablePasswordFile: "unreadable_password_file"
        }
    }

    package var message: String {
        switch self {
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
