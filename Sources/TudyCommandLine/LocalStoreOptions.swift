import ArgumentParser

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
