import Foundation
import TudyApp
import TudyCore
import TudyTerminal
import TudySQLite

/// Builds the real terminal, store and clock, and runs the REPL over them.
@MainActor
package enum Launcher {
    /// The flags of a chat session.
    package struct Settings {
        var inMemory: Bool
        var storePath: String?
        package var seedPath: String?
        var bail: Bool
        var noColor: Bool
        var check: Bool
        /// `-c` lines, run before standard input, or instead of it at a terminal.
        var commands: [String] = []
        /// `--trace`: where the coordinator flow is written as a Mermaid diagram.
        var tracePath: String?
        /// `--json`: one JSON object a line for everything shown; no prompt, no colour.
        var json = false
        /// `--remember` (true) keeps a login for later runs even in a script; `--no-remember`
        /// (false) neither starts from a kept login nor keeps one; nil keeps one at a terminal.
        var remember: Bool?
        /// `--user NAME`: logs in as NAME first, for this run, leaving a kept login kept.
        var user: String?
        /// `--notify`: how a 1:1 message or a mention in another room is told.
        var notify = DesktopNotification.Mode.bell
    }

    /// The terminal (or pipe) a session runs at, and the console that writes to it.
    package struct Surroundings {
        let environment: [String: String]
        let terminal: TerminalSession
        package let console: Console
    }

    /// Looks at the terminal; from here on a broken pipe is an error, not a signal.
    package static func prepare(_ settings: Settings) -> Surroundings {
        signal(SIGPIPE, SIG_IGN)
        let environment = ProcessInfo.processInfo.environment
        let terminal = TerminalSession.detect(noColor: settings.noColor, environment: environment)
        let console = Console(output: StandardStreams(), capabilities: terminal.capabilities, json: settings.json)
        console.notifies = settings.notify
        console.notification = DesktopNotification(
            sequence: .forTerminal(environment), throughTmux: environment["TMUX"] != nil)
        console.isInFront = { TerminalKeys.isInFront }
        return Surroundings(environment: environment, terminal: terminal, console: console)
    }

    /// The one way a launcher ends on an error. What `opening` throws (a store, a file, a
    /// server that does not work) is shown, with its code, and the run could not start; once
    /// open, `running` says how the run ended.
    package static func outcome<Opened>(
        console: Console, opening: () async throws -> Opened, running: (Opened) async -> RunOutcome
    ) async -> RunOutcome {
        let opened: Opened
        do {
            opened = try await opening()
        } catch {
            console.refuse(error)
            return .couldNotStart
        }
        return await running(opened)
    }

    /// A session on a local store, or `--check` of one.
    static func run(_ settings: Settings) async -> RunOutcome {
        let surroundings = prepare(settings)
        let console = surroundings.console
        return await outcome(console: console) { () async throws -> (any SeedableStore)? in
            if settings.check {
                // A check makes nothing: no store there is an answer, not a new empty one found sound.
                let path = settings.storePath ?? StoreLocation.defaultPath(environment: surroundings.environment)
                guard FileManager.default.fileExists(atPath: path) else { throw LaunchError.noStoreFile(path: path) }
            }
            let store = try makeStore(settings)
            if settings.check, let file = store as? SQLiteChatStore {
                try await check(file, console: console)
                return nil
            }
            if let seedPath = settings.seedPath { try await seed(store, from: seedPath) }
            return store
        } running: { store in
            // A check said what it found, and made nothing to run.
            guard let store else { return .finished }
            let storeIdentity = (store as? SQLiteChatStore).map { [KeptLoginFile.identity(ofStoreAt: $0.path)] }
            return await runREPL(store: store, in: surroundings, settings: settings, keptAs: storeIdentity)
        }
    }

    /// `--check`: looks the store file over for damage, and says what it found.
    private static func check(_ file: SQLiteChatStore, console: Console) async throws {
        try await file.check()
        console.line("\(file.path): no damage found")
        if let report = try await file.lookAlikeReport() { console.line(report) }
    }

    /// Loads a seed file. - Throws: `LaunchError` when it can not be read or loaded.
    package static func seed(_ store: any SeedableStore, from seedPath: String) async throws {
        guard let data = FileManager.default.contents(atPath: seedPath) else {
            throw LaunchError.unreadableSeedFile(path: seedPath)
        }
        do {
            try await store.load(try Fixture.decode(data))
        } catch StoreError.invalidFixture(let reason) {
            throw LaunchError.invalidSeedFile(path: seedPath, reason: reason)
        }
    }

    /// Runs the REPL over a store until the input ends or /quit; how it ended.
    /// - Parameter storeIdentity: what names the store across runs (each server, for servers
    ///   named together), for a login kept between them; nil for a store that ends with the run.
    package static func runREPL(
        store: any ChatStore, in surroundings: Surroundings, settings: Settings, keptAs storeIdentity: [String]?
    ) async -> RunOutcome {
        let console = surroundings.console
        return await outcome(console: console) {
            try settings.tracePath.map(openTrace)
        } running: { trace in
            await runREPL(store: store, in: surroundings, settings: settings, keptAs: storeIdentity, trace: trace)
        }
    }

    /// The `--trace` file, made empty, and the diagram that writes to it.
    private static func openTrace(_ path: String) throws -> FlowTrace {
        guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
            throw LaunchError.unwritableTrace(path: path)
        }
        return FlowTrace { file.write(Data($0.utf8)) }
    }

    private static func runREPL(
        store: any ChatStore, in surroundings: Surroundings, settings: Settings, keptAs storeIdentity: [String]?, trace: FlowTrace?
    ) async -> RunOutcome {
        let terminal = surroundings.terminal
        let console = surroundings.console
        let context = AppContext(
            store: store, console: console, format: TextFormat(utcOffset: LocalTime.utcOffset), trace: trace)
        if let storeIdentity, settings.remember != false {
            context.loginKeeper = KeptLoginFile(stores: storeIdentity, environment: surroundings.environment)
            context.keepsNewLogins = settings.remember ?? terminal.isInteractive
        }
        let editor = terminal.isInteractive
            ? EditLineReader(
                historyPath: TerminalSession.historyPath(environment: surroundings.environment),
                editrcPaths: TerminalSession.editrcPaths(environment: surroundings.environment))
            : nil
        defer { editor?.close() }
        let input: any LineReader = editor.map { settings.json ? PromptlessReader($0) as any LineReader : $0 } ?? StandardInputReader.make()
        // `-c` lines run as a script does; at a terminal only a password is asked there.
        let firstLines = (settings.user.map { ["/login \($0)"] } ?? []) + settings.commands
        if settings.user != nil { context.loginLeavesKeptLogin = true }
        let reader = firstLines.isEmpty
            ? input
            : CommandArgumentReader(lines: firstLines, rest: input, readsOn: settings.commands.isEmpty || !terminal.isInteractive)
        let repl = REPL(
            app: AppCoordinator(context: context), reader: reader, console: console,
            options: REPL.Options(
                bail: settings.bail, isInteractive: terminal.isInteractive && settings.commands.isEmpty && !settings.json))
        return await repl.run()
    }

    /// The store the settings name; `access` says whether a session or a server opens it.
    package static func makeStore(_ settings: Settings, access: SQLiteChatStore.Access = .session) throws -> any SeedableStore {
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
        return try SQLiteChatStore(path: path, clock: clock, hasher: hasher, access: access)
    }
}
