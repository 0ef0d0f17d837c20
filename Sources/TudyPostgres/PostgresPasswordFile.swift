import Foundation

/// A PostgreSQL password file (`~/.pgpass`, or the file `PGPASSFILE` names), as libpq reads it:
/// a line `host:port:database:user:password` each, `*` in any of the first four matching
/// anything, `\:` and `\\` standing for `:` and `\`, lines from `#` on ignored; the first line
/// that matches gives the password.
package struct PostgresPasswordFile: Sendable {
    /// What one line holds: four fields to match, and the password.
    private struct Entry: Sendable {
        let fields: [String]
        let password: String
    }

    private let entries: [Entry]

    package init(text: String) {
        entries = text.split(whereSeparator: \.isNewline).compactMap(Self.entry)
    }

    /// The password for the database at `url` (a `postgres://user@host:port/database` URL), or
    /// nil when no line matches. `defaultUser` stands for a URL that names none, as libpq takes
    /// the system's user name.
    package func password(for url: String, defaultUser: String) -> String? {
        guard let parts = URLComponents(string: url) else { return nil }
        let wanted = [
            parts.host.map { $0.isEmpty ? "localhost" : $0 } ?? "localhost",
            String(parts.port ?? 5432),
            parts.path.count > 1 ? String(parts.path.dropFirst()) : (parts.user ?? defaultUser),
            parts.user ?? defaultUser,
        ]
        return entries.first { entry in
            zip(entry.fields, wanted).allSatisfy { field, value in field == "*" || field == value }
        }?.password
    }

    /// One line's fields, unescaped; nil for a comment, a blank line or one without five fields.
    private static func entry(_ line: Substring) -> Entry? {
        guard !line.hasPrefix("#") else { return nil }
        var fields: [String] = []
        var field = ""
        var escaped = false
        for character in line {
            if escaped {
                field.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" && fields.count < 4 {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        guard fields.count == 4 else { return nil }
        return Entry(fields: fields, password: field)
    }
}
