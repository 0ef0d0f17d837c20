import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// A login that outlasts its run: kept after a login, resumed by the next run, forgotten at
/// `/logout`; a keeper stands in for the file the executable keeps it in.
@MainActor
@Suite("kept login")
struct KeptLoginTests {
    /// The kept token, held in memory as the file would hold it.
    final class HeldLogin: LoginKeeper {
        var token: SessionToken?
        func recall() -> SessionToken? { token }
        func keep(_ token: SessionToken) { self.token = token }
        func forget() { token = nil }
    }

    struct Unreachable: UserFacingError {
        var message: String { "the server did not answer" }
        var code: String { "unreachable" }
    }

    /// A run of tudy over `store` that resumes from, and maybe keeps in, `keeper`.
    private func run(on store: any ChatStore, keeper: HeldLogin, keeps: Bool) -> TestApp {
        let app = TestApp(store: store)
        app.context.loginKeeper = keeper
        app.context.keepsNewLogins = keeps
        return app
    }

    @Test("a kept login starts the next run logged in, with no password; /logout forgets it")
    func keptAcrossRuns() async throws {
        let store = TestApp.memoryStore()
        _ = try await store.signUp(name: "alice", password: "password-alice")
        let keeper = HeldLogin()

        let first = run(on: store, keeper: keeper, keeps: true)
        #expect(await first.run(script: "/login alice\npassword-alice\n") == 0)
        #expect(keeper.token != nil)
        #expect(first.output.standardError == "kept for later runs on this store: /logout ends it\n")

        let second = run(on: store, keeper: keeper, keeps: false)
        #expect(await second.run(script: "/whoami\n/chat\n/logout\n") == 0)
        #expect(second.output.standardOutput.hasPrefix("alice\n"))
        #expect(second.output.standardError.hasPrefix("logged in as alice, kept from an earlier run (/logout ends it)\n"))
        #expect(keeper.token == nil)

        let third = run(on: store, keeper: keeper, keeps: false)
        #expect(await third.run(script: "/whoami\n") == 0)
        #expect(third.output.standardOutput == "guest\n")
    }

    /// A store with alice and bob (password `NAME-password`), alice's login kept by an earlier run.
    private func aliceKept() async throws -> (store: any ChatStore, keeper: HeldLogin) {
        let store = TestApp.memoryStore()
        for name in ["alice", "bob"] { _ = try await store.signUp(name: name, password: "\(name)-password") }
        let keeper = HeldLogin()
        #expect(await run(on: store, keeper: keeper, keeps: true).run(script: "/login alice\nalice-password\n") == 0)
        return (store, keeper)
    }

    @Test("a script's /login leaves the kept login for this run and keeps it for the next; a second /login still asks for /logout first")
    func scriptSwitchesUser() async throws {
        let (store, keeper) = try await aliceKept()
        let kept = keeper.token

        let script = run(on: store, keeper: keeper, keeps: false)
        #expect(await script.run(script: "/whoami\n/login bob\nbob-password\n/whoami\n/login alice\n") == 1)
        #expect(script.output.standardOutput == "alice\nlogged in as bob\nbob\n")
        #expect(script.output.standardError.hasSuffix("you are logged in as bob: /logout first\n"))
        #expect(keeper.token == kept)

        let next = run(on: store, keeper: keeper, keeps: false)
        #expect(await next.run(script: "/whoami\n") == 0)
        #expect(next.output.standardOutput == "alice\n")
    }

    @Test("the script of the article on using tudy that logs in where a login is kept prints what the article shows")
    func readmeScript() async throws {
        let (store, keeper) = try await aliceKept()
        let script = run(on: store, keeper: keeper, keeps: false)
        let article = ReadmeTests.article("UsingTudy")
        #expect(await script.run(script: try ReadmeTests.block(after: "### Scripts that log in", language: "tudy", in: article)) == 0)
        #expect(script.output.standardOutput == (try ReadmeTests.block(after: "### Scripts that log in", language: "text", in: article)))
    }

    @Test("a run that does not keep logins keeps none, and its /logout leaves another run's kept login")
    func scriptLeavesKeptLogin() async throws {
        let store = TestApp.memoryStore()
        _ = try await store.signUp(name: "alice", password: "password-alice")
        _ = try await store.signUp(name: "bob", password: "password-bob")
        let keeper = HeldLogin()
        // Started before alice's login was kept, so it starts as a guest.
        let script = run(on: store, keeper: keeper, keeps: false)
        try await script.app.start()

        let person = run(on: store, keeper: keeper, keeps: true)
        #expect(await person.run(script: "/login alice\npassword-alice\n") == 0)
        let kept = try #require(keeper.token)

        #expect(await script.send("/login bob", "password-bob", "/whoami").isEmpty)
        #expect(keeper.token == kept)
        #expect(script.output.standardError == "", "a login not kept says nothing of keeping")
        #expect(await script.send("/logout").isEmpty)
        #expect(keeper.token == kept)
        #expect(try await store.resume(kept).user.name == "alice")
    }

    @Test("a kept login the store has ended is forgotten, and the run starts as a guest, saying so")
    func endedLoginForgotten() async throws {
        let keeper = HeldLogin()
        keeper.token = SessionToken.random()
        let app = run(on: TestApp.memoryStore(), keeper: keeper, keeps: true)
        #expect(await app.run(script: "/whoami\n") == 0)
        #expect(app.output.standardError == "the login kept from an earlier run has ended: /login <name> logs in again\n")
        #expect(app.output.standardOutput == "guest\n")
        #expect(keeper.token == nil)
    }

    @Test("a kept login the store can not check now stays kept for a later run")
    func unreachableStoreKeepsToken() async throws {
        let base = TestApp.memoryStore()
        let session = try await base.signUp(name: "alice", password: "password-alice")
        let store = FaultyStore(base)
        store.fail(with: Unreachable(), calls: ["resume"])
        let keeper = HeldLogin()
        keeper.token = session.token
        let app = run(on: store, keeper: keeper, keeps: true)
        #expect(await app.run(script: "/whoami\n") == 0)
        #expect(app.output.standardError.contains("was not resumed (the server did not answer)"))
        #expect(app.output.standardOutput == "guest\n")
        #expect(keeper.token == session.token)
    }
}
