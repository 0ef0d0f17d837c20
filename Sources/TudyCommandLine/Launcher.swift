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

    /// A session on a local store.
    static func run(_ settings: Settings) async -> RunOutcome {
        let surroundings = prepare(settings)
        let console = surroundings.console
        if settings.check {
            // A check makes nothing: no store there is an answer, not a new empty one found sound.
            let path = settings.storePath ?? StoreLocation.defaultPath(environment: surroundings.environment)
            guard FileManager.default.fileExists(atPath: path) else {
                console.error("\(path): there is no store file there to check: give --store PATH of one", code: "no_store_file")
                return .couldNotStart
            }
        }
        let store: any SeedableStore
        do {
            store = try makeStore(settings)
        } catch {
            console.refuse(error)
            return .couldNotStart
        }

        if settings.check, let file = store as? SQLiteChatStore {
            do {
                try await file.check()
                console.line("\(file.path): no damage found")
                if let report = try await file.lookAlikeReport() { console.line(report) }
                return .finished
            } catch {
                console.refuse(error)
                return .couldNotStart
            }
        }

        if let seedPath = settings.seedPath, !(await seed(store, from: seedPath, console: console)) { return .couldNotStart }
        let storeIdentity = (store as? SQLiteChatStore).map { [KeptLoginFile.identity(ofStoreAt: $0.path)] }
        return await runREPL(store: store, in: surroundings, settings: settings, keptAs: storeIdentity)
    }

    /// Loads a seed file; false, after saying why, when it can not.
    package static func seed(_ store: any SeedableStore, from seedPath: String, console: Console) async -> Bool {
        do {
            guard let data = FileManager.default.contents(atPath: seedPath) else {
                console.error("can not read the seed file \(seedPath): check the path", code: "unreadable_seed_file")
                return false
            }
            try await store.load(try Fixture.decode(data))
            return true
        } catch StoreError.invalidFixture(let reason) {
            console.error("the seed file \(seedPath) can not be loaded: \(reason)", code: "invalid_fixture")
            return false
        } catch {
            console.refuse(error)
            return false
        }
    }

    /// Runs the REPL over a store until the input ends or /quit; how it ended.
    /// - Parameter storeIdentity: what names the store across runs (each server, for servers
    ///   named together), for a login kept between them; nil for a store that ends with the run.
    package static func runREPL(
        store: any ChatStore, in surroundings: Surroundings, settings: Settings, keptAs storeIdentity: [String]?
    ) async -> RunOutcome {
        let terminal = surroundings.terminal
        let console = surroundings.console
        var trace: FlowTrace?
        if let path = settings.tracePath {
            guard FileManager.default.createFile(atPath: path, contents: nil), let file = FileHandle(forWritingAtPath: path) else {
                console.error(
                    "can not write the trace to \(path): check that its directory exists and may be written",
                    code: "unwritable_trace")
                return .couldNotStart
            }
            trace = FlowTrace { file.write(Data($0.utf8)) }
        }
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
