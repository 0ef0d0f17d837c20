import ArgumentParser
import Foundation
import TudyKit

/// The `tudy` command: the chat client by default, `tudy serve` for the server.
@main
struct Tudy: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tudy",
        abstract: "A terminal chat client for study groups: a board of posts, and 1:1 and group chat.",
        version: "0.5.0",
        subcommands: [Chat.self, Serve.self],
        defaultSubcommand: Chat.self)
}

/// `tudy` (or `tudy chat`): parses flags, then wires terminal, store and clock into the app.
struct Chat: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Chat: the board, and 1:1 and group rooms (what plain `tudy` runs).",
        discussion: "Reads commands from a terminal, or one per line from a pipe or a file. /help lists them.")

    @OptionGroup var local: LocalStoreOptions

    @Option(
        name: .customLong("server"),
        help: ArgumentHelp(
            "Use the tudy server at this ws:// or wss:// address instead of a local store; name several to fall back.",
            valueName: "url"))
    var servers: [String] = []

    @Flag(help: "Check the store file for damage (SQLite's quick check, which reads every page), then leave.")
    var check = false

    @Flag(help: "Stop at the first command that fails.")
    var bail = false

    @Flag(name: .customLong("no-color"), help: "No colour, even on a terminal (as NO_COLOR does).")
    var noColor = false

    func validate() throws {
        if !servers.isEmpty && (local.memory || local.store != nil || local.seed != nil || check) {
            throw ValidationError("--server uses the server's store: leave out --memory, --store, --seed and --check")
        }
        if let bad = servers.first(where: { !($0.hasPrefix("ws://") || $0.hasPrefix("wss://")) }) {
            throw ValidationError("'\(bad)' is not a server address: use ws://HOST:PORT or wss://HOST:PORT")
        }
        if check && local.memory {
            throw ValidationError("--check checks a store file: give --store PATH, or no flag for the default store")
        }
    }

    func run() async throws {
        let status = await Launcher.run(
            Launcher.Settings(
                inMemory: local.memory, storePath: local.store, seedPath: local.seed, bail: bail, noColor: noColor,
                check: check, servers: servers))
        if status != 0 { throw ExitCode(status) }
    }
}

/// `tudy serve`: the server other tudy clients connect to with `--server`.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve a store to tudy clients over WebSocket (tudy --server ws://HOST:PORT).",
        discussion: "Logs one line per connection and error on standard error. SIGTERM or SIGINT closes every connection cleanly, then stops.")

    @Option(help: ArgumentHelp("Where to listen (port 0: any free port; the address is printed).", valueName: "host:port"))
    var listen = "127.0.0.1:7070"

    @OptionGroup var local: LocalStoreOptions

    @Option(name: .customLong("tls-cert"), help: ArgumentHelp("A PEM certificate chain: serve wss://.", valueName: "file.pem"))
    var tlsCertificate: String?

    @Option(name: .customLong("tls-key"), help: ArgumentHelp("The certificate's PEM private key.", valueName: "file.pem"))
    var tlsKey: String?

    func validate() throws {
        if (tlsCertificate == nil) != (tlsKey == nil) {
            throw ValidationError("--tls-cert and --tls-key go together: give both, or neither for ws://")
        }
    }

    func run() async throws {
        let storeSettings = Launcher.Settings(
            inMemory: local.memory, storePath: local.store, seedPath: local.seed, bail: false, noColor: true, check: false)
        let status = await ServerLauncher.run(
            ServerLauncher.Settings(
                listen: listen, store: storeSettings,
                tls: tlsCertificate.flatMap { certificate in tlsKey.map { (certificate, $0) } }))
        if status != 0 { throw ExitCode(status) }
    }
}

/// Where a local store is, for `tudy` and `tudy serve` alike.
struct LocalStoreOptions: ParsableArguments {
    @Flag(help: "Keep everything in memory; nothing is saved.")
    var memory = false

    @Option(
        help: ArgumentHelp(
            "The SQLite store file (default: $XDG_DATA_HOME/tudy/tudy.sqlite).", valueName: "path"))
    var store: String?

    @Option(help: ArgumentHelp("Load users, posts and rooms from a JSON file first.", valueName: "file.json"))
    var seed: String?

    func validate() throws {
        if memory && store != nil {
            throw ValidationError("--memory and --store exclude each other: choose one")
        }
    }
}
