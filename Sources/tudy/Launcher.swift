import Foundation
import TudyKit

/// Builds the real terminal, store and clock, and runs the REPL over them.
@MainActor
enum Launcher {
    struct Settings {
        var storePath: String?
        var seedPath: String?
        var bail: Bool
    }

    static func run(_ settings: Settings) async -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let terminal = TerminalSession.detect()
        let console = Console(output: StandardStreams())

        if settings.storePath != nil {
            console.error("--store needs the SQLite store, which this build does not have yet: use --memory")
            return 2
        }
        let store = InMemoryChatStore(
            clock: WallClock { Date() }, hasher: Argon2idPasswordHasher())
        if terminal.isInteractive {
            console.note("note: this build keeps everything in memory; it is gone when tudy ends")
        }

        if let seedPath = settings.seedPath {
            do {
                guard let data = FileManager.default.contents(atPath: seedPath) else {
                    console.error("can not read the seed file \(seedPath): check the path")
                    return 2
                }
                try await store.load(try Fixture.decode(data))
            } catch {
                console.error(ErrorReport.message(for: error))
                return 2
            }
        }

        let context = AppContext(
            store: store, console: console, format: TextFormat(timeZone: .current))
        let reader: any LineReader = terminal.isInteractive ? EditLineReader() : StandardInputReader.make()
        let repl = REPL(
            app: AppCoordinator(context: context), reader: reader, console: console,
            options: REPL.Options(bail: settings.bail, isInteractive: terminal.isInteractive))
        return await repl.run()
    }
}
