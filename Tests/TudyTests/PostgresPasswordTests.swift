import Foundation
import Testing
import TudyApp
import TudyCore
import TudyTerminal
import TudyWire
import TudyPostgres

/// Where `tudy serve` finds the database's password: libpq's password file, and the order of
/// the places it looks.
@Suite("PostgreSQL password")
struct PostgresPasswordTests {
    @Test("a password file: the first matching line, * for anything, \\: and \\\\ escaped, comments and short lines skipped")
    func passwordFile() {
        let file = PostgresPasswordFile(text: """
            # a comment: db.example:5432:*:*:not-this
            db.example:5432:chat:tudy:first\\:half\\\\two
            db.example:5432:chat:tudy:second
            *:*:*:other:anywhere
            too:few:fields
            localhost:6543:tudy:me:local
            """)
        #expect(file.password(for: "postgres://tudy@db.example/chat", defaultUser: "me") == "first:half\\two")
        #expect(file.password(for: "postgres://other@db.example:7000/x", defaultUser: "me") == "anywhere")
        // No user in the URL: the system's; no database: the user's name.
        #expect(file.password(for: "postgres://localhost:6543", defaultUser: "me") == nil)
        #expect(file.password(for: "postgres://localhost:6543/tudy", defaultUser: "me") == "local")
        #expect(file.password(for: "postgres://tudy@db.example:5433/chat", defaultUser: "me") == nil)
    }

    private func files(_ files: [String: PostgresPasswordSource.FileText]) -> (String) throws -> PostgresPasswordSource.FileText? {
        { files[$0] }
    }

    @Test("the password comes from --database-password-file, else PGPASSWORD, else the URL, else the password file if only its owner may read it")
    func order() throws {
        let url = "postgres://tudy@db.example/chat"
        let pgpass = PostgresPasswordSource.FileText(text: "*:*:*:tudy:from-pgpass\n", othersMayRead: false)
        let given = PostgresPasswordSource.FileText(text: "from-file\nignored\n", othersMayRead: true)
        let home = ["HOME": "/home/me", "USER": "me"]
        let all = files(["/home/me/.pgpass": pgpass, "/run/secret": given])
        #expect(try PostgresPasswordSource.password(
            for: url, passwordFile: "/run/secret", environment: home.merging(["PGPASSWORD": "from-env"]) { $1 }, read: all) == ("from-file", nil))
        #expect(try PostgresPasswordSource.password(
            for: url, passwordFile: nil, environment: home.merging(["PGPASSWORD": "from-env"]) { $1 }, read: all) == ("from-env", nil))
        #expect(try PostgresPasswordSource.password(
            for: "postgres://tudy:in-url@db.example/chat", passwordFile: nil, environment: home, read: all) == (nil, nil))
        #expect(try PostgresPasswordSource.password(for: url, passwordFile: nil, environment: home, read: all) == ("from-pgpass", nil))
        let moved = files(["/etc/tudy.pgpass": pgpass])
        #expect(try PostgresPasswordSource.password(
            for: url, passwordFile: nil, environment: home.merging(["PGPASSFILE": "/etc/tudy.pgpass"]) { $1 }, read: moved)
            == ("from-pgpass", nil))
        let open = files(["/home/me/.pgpass": .init(text: pgpass.text, othersMayRead: true)])
        #expect(try PostgresPasswordSource.password(for: url, passwordFile: nil, environment: home, read: open)
            == (nil, "/home/me/.pgpass can be read by others, so it is not used: chmod 600 /home/me/.pgpass"))
        #expect(throws: StorageError.unreadablePasswordFile("/nowhere")) {
            try PostgresPasswordSource.password(for: url, passwordFile: "/nowhere", environment: home, read: all)
        }
    }
}
