import Foundation
import TudyKit
import TudySQLite

/// Builds the real terminal, store and clock, and runs the REPL over them.
@MainActor
enum Launcher {
    struct Settings {
        var inMemory: Bool
        var storePath: String?
        var seedPath: String?
        var bail: Bool
        var noColor: Bool
        var check: Bool
    }

    static func run(_ settings: Settings) async -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let environment = ProcessInfo.processInfo.environment
        let terminal = TerminalSession.detect(noColor: settings.noColor, environment: environment)
        let console = Console(output: StandardStreams(), capabilities: terminal.capabilities)

        let store: any SeedableStore
        do {
            store = try makeStore(settings)
        } catch {
            console.error(ErrorReport.message(for: error))
            return 2
        }

        if settings.check, let file = store as? SQLiteChatStore {
            do {
                try await file.check()
                console.line("\(file.path): no damage found")
                return 0
            } catch {
                console.error(ErrorReport.message(for: error))
                return 2
            }
        }

        if let seedPath = settings.seedPath {
            do {
                guard let data = FileManager.default.contents(atPath: seedPath) else {
                    console.error("can not read the seed file \(seedPath): check the path")
                    return 2
                }
                try await store.load(try Fixture.decode(data))
            } catch StoreError.invalidFixture(let reason) {
                console.error("the seed file \(seedPath) can not be loaded: \(reason)")
                return 2
            } catch {
                console.error(ErrorReport.message(for: error))
                return 2
            }
        }

        let context = AppContext(
            store: store, console: console, format: TextFormat(utcOffset: LocalTime.utcOffset))
        let editor = terminal.isInteractive
            ? EditLineReader(historyPath: TerminalSession.historyPath(environment: environment)) : nil
        defer { editor?.close() }
        let repl = REPL(
            app: AppCoordinator(context: context), reader: editor ?? StandardInputReader.make(), console: console,
            options: REPL.Options(bail: settings.bail, isInteractive: terminal.isInteractive))
        return await repl.run()
    }

    private static func makeStore(_ settings: Settings) throws -> any SeedableStore {
        let clock = WallClock { Date() }
        let hasher = Argon2idPasswordHasher()
        if settings.inMemory { return InMemoryChatStore(clock: clock, hasher: hasher) }
        let path: String
        if let storePath = settings.storePath {
            path = storePath
        } else {
            path = StoreLocation.defaultPath(environment: ProcessInfo.processInfo.environment)
            try StoreLocation.prepareDefaultDirectory(for: path)
        }
        return try SQLiteChatStore(path: path, clock: clock, hasher: hasher)
    }
}
