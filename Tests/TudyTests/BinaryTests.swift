import Foundation
import Testing

/// Runs the built `tudy` executable as a process: flags, exit codes, and both streams.
@Suite("tudy binary", .notQuick)
struct BinaryTests {
    static let packageRoot = TudyProcess.packageRoot
    /// A file that is there and readable, and no PEM file.
    static let readme = packageRoot.appendingPathComponent("README.md").path

    struct Run {
        let status: Int32
        /// Standard output and error as they were written, in one file.
        let combined: String
        let standardError: String
    }

    /// Runs `tudy` with arguments and input in a fresh temporary directory.
    func tudy(_ arguments: [String], input: String) throws -> Run {
        try tudy(arguments, bytes: Array(input.utf8))
    }

    func tudy(_ arguments: [String], bytes: [UInt8]) throws -> Run {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tudy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputFile = directory.appendingPathComponent("input")
        try Data(bytes).write(to: inputFile)
        let binary = Self.packageRoot.appendingPathComponent(".build/debug/tudy").path
        let quoted = ([binary] + arguments).map { "'\($0)'" }.joined(separator: " ")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(quoted) < input > combined 2>&1; echo $? > status; \(quoted) < input 2> errors > /dev/null"]
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = directory.path
        environment["XDG_STATE_HOME"] = directory.path + "/state"
        process.environment = environment
        try process.run()
        process.waitUntilExit()

        func read(_ name: String) throws -> String {
            try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
        let status = Int32(try read("status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
        return Run(status: status, combined: try read("combined"), standardError: try read("errors"))
    }

    @Test("-c lines run first, then the piped script; a password is read from the input, never from an argument")
    func commandArguments() throws {
        let run = try tudy(
            ["--memory", "-c", "/signup alice", "-c", "/whoami", "--command", "/where"],
            input: "alice-password\nalice-password\n/chat\n/where\n")
        #expect(run.status == 0, "\(run.combined)")
        #expect(run.combined == "signed up and logged in as alice\nalice\nhome > board\nno rooms yet: /dm <name> starts one, or /dm on a post\nchat > rooms\n")

        // The lines after /signup are not taken as its password: it is read from the input,
        // which has none, so the session ends there, with nobody signed up and nothing shown.
        let refused = try tudy(["--memory", "-c", "/signup bob", "-c", "bob-secret-1", "-c", "bob-secret-1", "-c", "/whoami"], input: "")
        #expect(refused.status == 1)
        #expect(refused.combined == "error: input ended: a login was not finished: nobody logged in\n")
    }

    @Test("a piped script: output in input order, errors interleaved on stderr, exit 1 on a failure")
    func pipedScript() throws {
        let run = try tudy(
            ["--memory"],
            input: "/whoami\n/nosuch\n/signup alice\nalice-password\nalice-password\n/whoami\n/open 7\n/where\n")
        #expect(run.status == 1)
        #expect(
            run.combined == """
                guest
                error: unknown command /nosuch: /help lists the commands here
                signed up and logged in as alice
                alice
                error: there is no post #7: /list shows the posts
                home > board

                """)
        #expect(
            run.standardError == """
                error: unknown command /nosuch: /help lists the commands here
                error: there is no post #7: /list shows the posts

                """)
    }

    @Test("scripts/demo.tudy, the README's story, runs clean")
    func demo() throws {
        let script = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("scripts/demo.tudy"), encoding: .utf8)
        let run = try tudy(["--memory"], input: script)
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(run.combined.contains("carol: Count me in!"))
    }

    @Test("--trace writes the flow of a run as a Mermaid diagram, with no password in it; a trace that can not be written stops the run")
    func trace() throws {
        let directory = try TemporaryDirectory.make()
        let file = directory.appendingPathComponent("flow.mmd").path
        let script = try String(
            contentsOf: Self.packageRoot.appendingPathComponent("scripts/demo.tudy"), encoding: .utf8)
        let run = try tudy(["--memory", "--trace", file], input: script)
        #expect(run.status == 0, "\(run.combined)")
        let drawn = try String(contentsOfFile: file, encoding: .utf8)
        #expect(drawn.hasPrefix("sequenceDiagram\n    actor User\n    participant App as AppCoordinator\n"))
        #expect(drawn.contains("    Login-->>TabBar: coordinatorDidFinish(childCoordinator: Login)\n"))
        #expect(!drawn.contains("password"), "\(drawn)")
        let unwritable = directory.path + "/no such directory/flow.mmd"
        let refused = try tudy(["--memory", "--trace", unwritable], input: "/whoami\n")
        #expect(refused.status == 2)
        #expect(refused.combined == "error: can not write the trace to \(unwritable): check that its directory exists and may be written\n")
    }

    @Test("--json through the binary: every line of both streams is one JSON object, with no prompt and no colour")
    func json() throws {
        let run = try tudy(
            ["--memory", "--json", "--seed", Self.packageRoot.appendingPathComponent("scripts/sample-seed.json").path],
            input: "/list\n/nosuch\n/login bob\nbob-password\n/chat\n/open 1\nhello\n/open x\n")
        #expect(run.status == 1)
        let lines = run.combined.split(separator: "\n")
        #expect(lines.count > 5)
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "\(line)")
        }
        #expect(run.standardError.hasPrefix(#"{"code":"unknown","message":"unknown command /nosuch"#))
        #expect(run.combined.contains(#""text":"hello","type":"message","unread":1}"#) && !run.combined.contains("bob-password"))
    }

    @Test("a closed output pipe (`tudy < s | head -1`) stops the script at once: status 141, nothing more done")
    func closedPipe() throws {
        let directory = try TemporaryDirectory.make()
        let script = directory.appendingPathComponent("script")
        let store = directory.appendingPathComponent("tudy.sqlite").path
        let lines = "/signup alice\nalice-password\nalice-password\n" + String(repeating: "/whoami\n/help\n", count: 2000)
            + "/new\nLate post\nios\n2\nWritten after the reader left.\n.\n"
        try Data(lines.utf8).write(to: script)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "-c",
            "'\(TudyProcess.binary.path)' --store '\(store)' < '\(script.path)' 2> '\(directory.path)/errors' | head -1; echo \"${PIPESTATUS[0]}\" > '\(directory.path)/status'",
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let status = try String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8)
        #expect(status == "141\n")
        #expect(try String(contentsOf: directory.appendingPathComponent("errors"), encoding: .utf8) == "")
        let board = try tudy(["--store", store], input: "/list\n")
        #expect(!board.combined.contains("Late post"))
    }

    @Test("--version prints the version")
    func version() throws {
        let run = try tudy(["--version"], input: "")
        #expect(run.status == 0)
        #expect(run.combined == "0.6.0\n")
    }

    @Test("tudy --help shows that plain tudy chats and where its flags are listed; tudy help chat lists them")
    func help() throws {
        let root = try tudy(["--help"], input: "")
        #expect(root.status == 0)
        #expect(root.combined.contains("tudy [--store <path> | --memory | --server <url> ...] [<options>]"), "\(root.combined)")
        #expect(root.combined.contains("'tudy help chat' lists its options"), "\(root.combined)")
        let chat = try tudy(["help", "chat"], input: "")
        #expect(chat.status == 0)
        #expect(chat.combined.contains("USAGE: tudy [<options>]"), "\(chat.combined)")
        #expect(["--store", "--memory", "--server", "--command", "--json", "--trace", "--remember"].allSatisfy(chat.combined.contains))
    }

    @Test("a clean script exits 0 and prints no prompt")
    func cleanScript() throws {
        let run = try tudy(["--memory"], input: "/whoami\n/quit\n/whoami\n")
        #expect(run.status == 0)
        #expect(run.combined == "guest\n")
    }

    @Test("--bail stops at the first failure")
    func bail() throws {
        let run = try tudy(["--memory", "--bail"], input: "/whoami\n/nosuch\n/whoami\n")
        #expect(run.status == 1)
        #expect(run.combined == "guest\nerror: unknown command /nosuch: /help lists the commands here\n")
    }

    @Test("--seed loads the sample fixture")
    func seed() throws {
        let fixture = Self.packageRoot.appendingPathComponent("scripts/sample-seed.json").path
        let run = try tudy(["--memory", "--seed", fixture], input: "/list\n/login bob\nbob-password\n/chat\n")
        #expect(run.status == 0)
        #expect(run.combined.contains("#1  open    1/4  Swift Concurrency study     [ios]           by alice\n"))
        #expect(run.combined.contains("#1  @alice  (alice, bob)  [1 unread]  alice: Yes, see you there.\n"))
    }

    @Test("a --server where nothing listens: the one line the article on chat across machines shows, at once, and status 2")
    func nothingListens() throws {
        let run = try tudy(["--server", "ws://127.0.0.1:1"], input: "/whoami\n")
        #expect(run.status == 2)
        #expect(run.combined == run.standardError, "it printed more than the error")
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent(ReadmeTests.article("ChatAcrossMachines")), encoding: .utf8)
        let line = run.standardError.trimmingCharacters(in: .newlines)
        #expect(line.hasPrefix("error: can not connect to ws://127.0.0.1:1 (connection refused"))
        #expect(readme.components(separatedBy: "\n").contains(line), "the README shows another line than \(line)")
    }

    @Test("bad flags and files: one line and a non-zero exit", arguments: [
        (["--memory", "--seed", "/nonexistent/seed.json"], Int32(2), "can not read the seed file"),
        (["--memory", "--store", "x.sqlite"], Int32(64), "--memory and --store exclude each other"),
        (["--colour"], Int32(64), "Unknown option '--colour'"),
        (["--server", "wss://10.1.2.3:7070"], Int32(64), "wss:// needs the host name its certificate gives"),
        (["--ca-file", "ca.pem"], Int32(64), "--ca-file is for a wss:// server"),
        (["--server", "http://example.org"], Int32(64), "is not a server address (it does not start with ws:// or wss://)"),
        (["--server", "ws://127.0.0.1:99999"], Int32(64), "'ws://127.0.0.1:99999' is not a server address (there is no port 99999)"),
        (["--server", "ws://127.0.0.1:seven"], Int32(64), "is not a server address (it can not be read as one)"),
        (["--server", "ws://:7070"], Int32(64), "is not a server address (it names no host)"),
        (["--server", "ws://127.0.0.1:7070", "--server", "ws://"], Int32(64), "'ws://' is not a server address (it names no host)"),
        (["serve", "--database", "mysql://root@db/tudy"], Int32(2), "is not a database address: use postgres://"),
        (["serve", "--memory", "--tls-cert", "/nonexistent/cert.pem", "--tls-key", "/nonexistent/key.pem"], Int32(2),
         "error: can not use /nonexistent/cert.pem for TLS (there is no such file): give PEM files to --tls-cert and --tls-key"),
        (["serve", "--memory", "--tls-cert", readme, "--tls-key", readme], Int32(2),
         "error: can not use \(readme) for TLS (it holds no certificate in PEM form: "),
        (["serve", "--database", "postgres://tudy@db/tudy", "--memory"], Int32(64), "--database keeps the store in PostgreSQL"),
        (["serve", "--port", "8080"], Int32(64), "tudy serve takes --listen HOST:PORT, not --port: --listen 127.0.0.1:8080"),
        (["--user", "two words"], Int32(64), "--user takes one user name, such as --user alice"),
    ])
    func badFlags(arguments: [String], status: Int32, message: String) throws {
        let run = try tudy(arguments, input: "/whoami\n")
        #expect(run.status == status)
        #expect(run.standardError.contains(message))
    }
}
