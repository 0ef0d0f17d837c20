import ArgumentParser
import Foundation
import TudyKit

/// The `tudy` command: parses flags, then wires terminal, store and clock into the app.
@main
struct Tudy: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tudy",
        abstract: "A terminal chat client for study groups: a board of posts, and 1:1 and group chat.",
        discussion: "Reads commands from a terminal, or one per line from a pipe or a file. /help lists them.",
        version: "0.4.0")

    @Flag(help: "Keep everything in memory; nothing is saved.")
    var memory = false

    @Option(
        help: ArgumentHelp(
            "The SQLite store file (default: $XDG_DATA_HOME/tudy/tudy.sqlite).", valueName: "path"))
    var store: String?

    @Option(help: ArgumentHelp("Load users, posts and rooms from a JSON file first.", valueName: "file.json"))
    var seed: String?

    @Flag(help: "Check the store file for damage (SQLite's quick check, which reads every page), then leave.")
    var check = false

    @Flag(help: "Stop at the first command that fails.")
    var bail = false

    @Flag(name: .customLong("no-color"), help: "No colour, even on a terminal (as NO_COLOR does).")
    var noColor = false

    func validate() throws {
        if memory && store != nil {
            throw ValidationError("--memory and --store exclude each other: choose one")
        }
        if check && memory {
            throw ValidationError("--check checks a store file: give --store PATH, or no flag for the default store")
        }
    }

    func run() async throws {
        let status = await Launcher.run(
            Launcher.Settings(
                inMemory: memory, storePath: store, seedPath: seed, bail: bail, noColor: noColor, check: check))
        if status != 0 { throw ExitCode(status) }
    }
}
