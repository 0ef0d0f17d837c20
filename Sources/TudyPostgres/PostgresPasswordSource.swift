import TudyCore

/// Where `tudy serve` finds the database's password, kept off the command line (where `ps`
/// shows it), in libpq's order: `--database-password-file`, then `PGPASSWORD`, then the URL's
/// own, then the password file (`PGPASSFILE`, or `~/.pgpass`).
package enum PostgresPasswordSource {
    /// What a file holds, as the caller read it.
    package struct FileText: Sendable {
        package var text: String
        /// Its mode lets its group or others read it.
        package var othersMayRead: Bool

        package init(text: String, othersMayRead: Bool) {
            self.text = text
            self.othersMayRead = othersMayRead
        }
    }

    /// The password for the database at `url`, or nil to use the URL's own (or none), with a
    /// warning line when a password file was passed over.
    /// - Parameters:
    ///   - passwordFile: the file `--database-password-file` names: its first line is the password.
    ///   - environment: the process's, for `PGPASSWORD`, `PGPASSFILE`, `HOME` and `USER`.
    ///   - read: a file's text, or nil when there is no such file.
    /// - Throws: `StorageError.unreadablePasswordFile` when the named file can not be read.
    package static func password(
        for url: String, passwordFile: String?, environment: [String: String],
        read: (String) throws -> FileText?
    ) throws -> (password: String?, warning: String?) {
        if let passwordFile {
            guard let file = try? read(passwordFile) else { throw StorageError.unreadablePasswordFile(passwordFile) }
            let line = file.text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            return (line, nil)
        }
        if let password = environment["PGPASSWORD"] { return (password, nil) }
        if url.split(separator: "@").first?.dropFirst("postgres://".count).contains(":") == true { return (nil, nil) }
        guard let path = environment["PGPASSFILE"] ?? environment["HOME"].map({ $0 + "/.pgpass" }),
            let file = try? read(path)
        else { return (nil, nil) }
        guard !file.othersMayRead else {
            return (nil, "\(path) can be read by others, so it is not used: chmod 600 \(path)")
        }
        let user = environment["USER"] ?? "postgres"
        return (PostgresPasswordFile(text: file.text).password(for: url, defaultUser: user), nil)
    }
}
