import Foundation
import Testing

// The binary and its store file: faults at start, --check, the default store, seeds, and a
// login kept across runs.
extension BinaryTests {
    @Test("store faults at start: one line, exit 2, and the file left as it was")
    func storeFaults() throws {
        let directory = try TemporaryDirectory.make()
        let notes = directory.appendingPathComponent("notes.txt")
        try Data("my notes\n".utf8).write(to: notes)
        let refused = try tudy(["--store", notes.path], input: "/whoami\n")
        #expect(refused.status == 2)
        #expect(refused.standardError == "error: \(notes.path) is not a tudy store; it was left untouched: give --store another path\n")
        #expect(try Data(contentsOf: notes) == Data("my notes\n".utf8))

        let missing = directory.appendingPathComponent("gone/tudy.sqlite").path
        let noDirectory = try tudy(["--store", missing], input: "/whoami\n")
        #expect(noDirectory.status == 2)
        #expect(noDirectory.standardError.hasPrefix("error: the directory of \(missing) does not exist"))
    }

    @Test("--check: a sound store passes; pages overwritten inside one are found, exit 2, with what to do")
    func checkStore() throws {
        let directory = try TemporaryDirectory.make()
        let store = directory.appendingPathComponent("tudy.sqlite").path
        _ = try tudy(["--store", store], input: "/signup alice\nalice-password\nalice-password\n")
        let chat = "/signup bob\nbob-password\nbob-password\n/chat\n/dm alice\n"
            + (1...400).map { "message \($0) with some words to fill the pages\n" }.joined()
        #expect(try tudy(["--store", store], input: chat).status == 0)
        let sound = try tudy(["--store", store, "--check"], input: "")
        #expect(sound.status == 0)
        #expect(sound.combined == "\(store): no damage found\n")

        let handle = try #require(FileHandle(forWritingAtPath: store))
        let size = try handle.seekToEnd()
        #expect(size > 8 * 4096)
        try handle.seek(toOffset: 5 * 4096)
        handle.write(Data(repeating: 0xA5, count: 2 * 4096))
        try handle.close()
        let damaged = try tudy(["--store", store, "--check"], input: "")
        #expect(damaged.status == 2)
        #expect(damaged.standardError.hasPrefix("error: \(store) is damaged"))
        #expect(damaged.standardError.contains("restore it from a copy"))
    }

    @Test("without flags the store is $XDG_DATA_HOME/tudy/tudy.sqlite: directory 0700, file 0600, kept across runs")
    func defaultStore() throws {
        let directory = try TemporaryDirectory.make()
        func run(_ input: String) throws -> (status: Int32, output: String, errors: String) {
            try TudyProcess([], input: Array(input.utf8), directory: directory).finish()
        }
        #expect(try run("/signup alice\nalice-password\nalice-password\n").status == 0)
        let second = try run("/login alice\nalice-password\n/whoami\n")
        #expect(second.status == 0 && second.output == "logged in as alice\nalice\n")
        let store = directory.appendingPathComponent("tudy/tudy.sqlite").path
        let manager = FileManager.default
        #expect(try manager.attributesOfItem(atPath: store)[.posixPermissions] as? Int == 0o600)
        #expect(
            try manager.attributesOfItem(atPath: (store as NSString).deletingLastPathComponent)[.posixPermissions] as? Int
                == 0o700)
    }

    @Test("a seed file that is not a fixture is refused with the field it failed at")
    func badSeed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tudy-seed-\(UUID().uuidString).json")
        try Data(#"{"users": [{"name": "alice"}]}"#.utf8).write(to: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try tudy(["--memory", "--seed", directory.path], input: "")
        #expect(run.status == 2)
        #expect(run.standardError == "error: the seed file \(directory.path) can not be loaded: missing 'password' at .users[0]\n")
    }

    @Test("invalid UTF-8, NUL and a 70 KiB line: an error each, and the session goes on")
    func badBytes() throws {
        var bytes = Array("/whoami\n".utf8)
        bytes += [0xC3, 0x28, 0x0A, 0x2F, 0x00, 0x0A]
        bytes += Array(repeating: UInt8(ascii: "a"), count: 70 * 1024) + [0x0A]
        bytes += Array("/whoami\n".utf8)
        let run = try tudy(["--memory"], bytes: bytes)
        #expect(run.status == 1)
        #expect(
            run.combined == """
                guest
                error: the line is not valid UTF-8 and was ignored: check the terminal's encoding
                error: the line holds a NUL byte and was ignored
                error: the line is longer than 64 KiB and was ignored: split it
                guest

                """)
    }

    @Test("--remember keeps a script's login in a 0600 file, without the password; the next runs start logged in until /logout")
    func keptLogin() throws {
        let directory = try TemporaryDirectory.make()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = directory.path + "/tudy.sqlite"
        func tudy(_ arguments: [String], _ input: String) throws -> (status: Int32, output: String, errors: String) {
            try TudyProcess(["--store", store] + arguments, input: Array(input.utf8), directory: directory).finish()
        }
        #expect(try tudy([], "/signup ann\nann-password\nann-password\n").status == 0)
        let logins = directory.path + "/state/tudy/logins"
        // A script keeps no login unless asked.
        #expect(!FileManager.default.fileExists(atPath: logins))

        #expect(try tudy(["--remember"], "/login ann\nann-password\n").status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: logins)
        #expect(files.count == 1)
        let file = logins + "/" + (files.first ?? "")
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.attributesOfItem(atPath: logins)[.posixPermissions] as? Int == 0o700)
        let kept = try String(contentsOfFile: file, encoding: .utf8)
        #expect(!kept.contains("ann-password"))

        // The same store by another path is the same store.
        // Said on standard error, so that a script's output is its commands' own; not at all with --json.
        let resumed = try tudy([], "/whoami\n")
        #expect(resumed.output == "ann\n")
        #expect(resumed.errors == "logged in as ann, kept from an earlier run (/logout ends it)\n")
        let json = try tudy(["--json"], "/whoami\n")
        #expect(json.errors == "" && !json.output.contains("kept"))
        let samePlace = try TudyProcess(["--store", directory.path + "/./tudy.sqlite", "-c", "/whoami"], input: [], directory: directory)
        #expect(samePlace.finish().output == "ann\n")

        // A script's /login, or --user, is another user for this run; ann stays kept.
        #expect(try tudy([], "/signup bo\nbo-password\nbo-password\n").status == 0)
        #expect(try tudy([], "/login bo\nbo-password\n/whoami\n").output == "logged in as bo\nbo\n")
        let user = try tudy(["--user", "bo"], "bo-password\n/whoami\n")
        #expect(user.status == 0 && user.output == "logged in as bo\nbo\n")
        #expect(try tudy([], "/whoami\n").output == "ann\n")
        #expect(try tudy(["--no-remember"], "/whoami\n").output == "guest\n")

        #expect(try tudy([], "/logout\n").output.hasSuffix("logged out ann\n"))
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try tudy([], "/whoami\n").output == "guest\n")

        let memory = try TudyProcess(["--memory", "--remember"], input: [], directory: directory).finish()
        #expect(memory.status == 64)
        #expect(memory.errors.hasPrefix("Error: --memory keeps nothing after the run: leave out --remember, or give --store PATH\n"))
    }
}
