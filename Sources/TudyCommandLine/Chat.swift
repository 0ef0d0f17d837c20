import ArgumentParser
import TudyApp
import TudyCore
import TudyTerminal
import Foundation

/// `tudy` (or `tudy chat`): parses flags, then wires terminal, store and clock into the app.
struct Chat<Modes: NetworkModes>: AsyncParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "chat",
            abstract: "Chat: the board, and 1:1 and group rooms (what plain `tudy` runs).",
            // Plain `tudy` is how people run it; `tudy chat` is the same.
            usage: """
                tudy [<options>]
                tudy chat [<options>]
                """,
            discussion: "Reads commands from a terminal, or one per line from a pipe or a file. /help lists them.")
    }

    @OptionGroup var local: LocalStoreOptions

    @Option(
        name: .customLong("server"),
        help: ArgumentHelp(
            "Use the tudy server at this ws:// or wss:// address instead of a local store; name several to fall back.",
            valueName: "url"))
    var servers: [String] = []

    @Option(
        name: .customLong("ca-file"),
        help: ArgumentHelp(
            "With --server wss://: trust servers whose certificate this PEM file holds or signed (a private CA, or a self-signed server).",
            valueName: "file.pem"))
    var certificateAuthority: String?

    @Flag(help: "Check the store file for damage (SQLite's quick check, which reads every page), then leave.")
    var check = false

    @Option(
        name: [.customShort("c"), .customLong("command")],
        help: ArgumentHelp(
            "Run this line first, as if typed (repeat for more); then standard input, if it is not a terminal. A password is never taken from here: it is read from standard input or the terminal.",
            valueName: "line"))
    var commands: [String] = []

    @Option(
        name: .customLong("trace"),
        help: ArgumentHelp(
            "Write the session's coordinator flow to this file as a Mermaid sequence diagram (no password is ever in it).",
            valueName: "file.mmd"))
    var tracePath: String?

    @Flag(help: "Write one JSON object a line for everything shown (errors on standard error); no prompt, no colour.")
    var json = false

    @Flag(
        inversion: .prefixedNo,
        help: ArgumentHelp(
            "Keep this run's login for later runs on the same store, as a login at a terminal is kept (/logout ends it); --no-remember neither starts from a kept login nor keeps one."))
    var remember: Bool?

    @Option(
        help: ArgumentHelp(
            "Log in as this user first, for this run (the password is asked as /login asks it); a login kept from an earlier run stays kept.",
            valueName: "name"))
    var user: String?

    @Flag(help: "Stop at the first command that fails.")
    var bail = false

    @Flag(name: .customLong("no-color"), help: "No colour, even on a terminal (as NO_COLOR does).")
    var noColor = false

    @Option(
        help: ArgumentHelp(
            "How a 1:1 message or a mention in another room is told: bell, osc (the bell and a desktop notification by OSC 777 or OSC 9; inside tmux, set allow-passthrough on) or none.",
            valueName: "mode"))
    var notify: DesktopNotification.Mode = .bell

    func validate() throws {
        if !servers.isEmpty && (local.memory || local.store != nil || local.seed != nil || check) {
            throw ValidationError("--server uses the server's store: leave out --memory, --store, --seed and --check")
        }
        for server in servers {
            if let problem = Self.addressProblem(server) {
                throw ValidationError("'\(server)' is not a server address (\(problem)): use ws://HOST:PORT or wss://HOST:PORT")
            }
        }
        if let address = servers.first(where: Self.isTLSToAddress) {
            throw ValidationError(
                "'\(address)': wss:// needs the host name its certificate gives, not an IP address (add the name to /etc/hosts if need be)")
        }
        if certificateAuthority != nil && servers.isEmpty {
            throw ValidationError("--ca-file is for a wss:// server: give --server wss://HOST:PORT too")
        }
        if let user, user.isEmpty || user.contains(where: \.isWhitespace) {
            throw ValidationError("--user takes one user name, such as --user alice")
        }
        if check && (!commands.isEmpty || user != nil) {
            throw ValidationError("--check only checks the store: leave out -c and --user")
        }
        if remember == true && local.memory {
            throw ValidationError("--memory keeps nothing after the run: leave out --remember, or give --store PATH")
        }
        if check && local.memory {
            throw ValidationError("--check checks a store file: give --store PATH, or no flag for the default store")
        }
    }

    /// What keeps `url` from being a server address, said for a person; nil when it is one:
    /// ws:// or wss://, a host, and a port from 1 to 65535 if it gives one. Caught here, a
    /// mistyped address is one line at once, not a wait for a server that can not answer.
    static func addressProblem(_ url: String) -> String? {
        guard url.hasPrefix("ws://") || url.hasPrefix("wss://") else { return "it does not start with ws:// or wss://" }
        guard let parts = URLComponents(string: url) else { return "it can not be read as one" }
        guard let host = parts.host, !host.isEmpty else { return "it names no host" }
        if let port = parts.port, !(1...65535).contains(port) { return "there is no port \(port)" }
        return nil
    }

    /// wss:// to an IP address: TLS here checks a server by host name only.
    static func isTLSToAddress(_ url: String) -> Bool {
        guard url.hasPrefix("wss://") else { return false }
        let host = url.dropFirst("wss://".count).prefix { $0 != "/" && $0 != ":" }
        return url.dropFirst("wss://".count).hasPrefix("[") || (!host.isEmpty && host.allSatisfy { $0.isNumber || $0 == "." })
    }

    func run() async throws {
        let settings = Launcher.Settings(
            inMemory: local.memory, storePath: local.store, seedPath: local.seed, bail: bail, noColor: noColor,
            check: check, commands: commands, tracePath: tracePath, json: json, remember: remember, user: user, notify: notify)
        let outcome = servers.isEmpty
            ? await Launcher.run(settings) : await Modes.chat(servers: servers, certificateAuthority: certificateAuthority, settings: settings)
        if outcome != .finished { throw ExitCode(outcome.exitStatus) }
    }
}

extension DesktopNotification.Mode: ExpressibleByArgument {}
