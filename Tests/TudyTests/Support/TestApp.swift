import Foundation
@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// The whole app over an in-memory store, a fixed clock and a recorded terminal.
@MainActor
final class TestApp {
    nonisolated static let start = Date(timeIntervalSince1970: 1_795_770_000)  // 2026-11-27 09:00 UTC

    let output = RecordingOutput()
    let store: any ChatStore
    let context: AppContext
    let app: AppCoordinator
    private var sessions: [String: Session] = [:]

    init(
        store: (any ChatStore)? = nil, trace: FlowTrace? = nil, json: Bool = false, capabilities: Console.Capabilities = .plain,
        clock: WallClock = WallClock { TestApp.start },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.store = store ?? TestApp.memoryStore()
        output.echoes = !json
        context = AppContext(
            store: self.store, console: Console(output: output, capabilities: capabilities, json: json), format: .utc, trace: trace,
            clock: clock, sleep: sleep)
        app = AppCoordinator(context: context)
    }

    nonisolated static func memoryStore() -> InMemoryChatStore {
        InMemoryChatStore(clock: .stepping(from: start), hasher: Argon2idPasswordHasher(cost: .testing))
    }

    /// A started app, optionally with users made and one logged in.
    static func started(users: [String] = [], loggedIn: String? = nil) async throws -> TestApp {
        let testApp = TestApp()
        for name in users {
            testApp.sessions[name] = try await testApp.store.signUp(name: name, password: "password-\(name)")
        }
        try await testApp.app.start()
        if let loggedIn {
            testApp.context.login.session = try await testApp.session(loggedIn)
        }
        return testApp
    }

    /// A session of a user whose password is `password-<name>`, as another tudy of theirs
    /// would have; logged in once, then kept.
    func session(_ name: String) async throws -> Session {
        if let session = sessions[name] { return session }
        let session = try await store.logIn(name: name, password: "password-\(name)")
        sessions[name] = session
        return session
    }

    var tabBar: TabBarCoordinator { app.tabBarCoordinator! }

    /// Sends lines through the tab bar as the REPL would, returning the errors' messages.
    @discardableResult
    func send(_ lines: String...) async -> [String] {
        var errors: [String] = []
        for line in lines {
            do {
                _ = try await tabBar.receive(.line(line))
            } catch {
                errors.append(RefusalWording.message(for: error))
            }
        }
        return errors
    }

    /// Runs a whole script through the REPL; returns the exit status a shell would see.
    func run(script: String, bail: Bool = false) async -> Int32 {
        let reader = ScriptedLineReader(script: script, output: output)
        return await run(reader: reader, bail: bail).exitStatus
    }

    func run(reader: any LineReader, bail: Bool = false) async -> RunOutcome {
        let repl = REPL(app: app, reader: reader, console: context.console, options: .init(bail: bail))
        return await repl.run()
    }
}
