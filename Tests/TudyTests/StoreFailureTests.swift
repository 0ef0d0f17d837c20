import Foundation
import Testing
import TudyRemote
import TudySQLite

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// What each screen shows when the store fails under it (a full disk, a busy file, a server
/// gone): the store's one line, nothing that claims success, and nothing changed.
@MainActor
@Suite("When the store fails")
struct StoreFailureTests {
    nonisolated static let failures: [any Error & Sendable] = [
        StorageError.diskFull, StorageError.busy(seconds: 10), RemoteStoreError.disconnected(url: "ws://chat.example.org:7070"),
    ]

    /// alice (logged in) and bob; alice's post #1; their room #1 with one message of bob's.
    private func app() async throws -> TestApp {
        let store = FaultyStore(TestApp.memoryStore())
        let testApp = TestApp(store: store)
        let alice = try await store.signUp(name: "alice", password: "password-alice")
        let bob = try await store.signUp(name: "bob", password: "password-bob")
        _ = try await store.signUp(name: "carol", password: "password-carol")
        _ = try await store.createProject(ProjectDraft(title: "Swift study", works: ["ios"], capacity: 4, body: "Saturdays"), by: alice)
        let room = try await store.directRoom(between: bob, and: alice.user)
        _ = try await store.send("hi alice", to: room.id, from: bob)
        try await testApp.app.start()
        testApp.context.login.session = alice
        return testApp
    }

    /// Runs `lines` with the app's store failing with `error` (only in `calls`, when given);
    /// what they printed, and the errors.
    private func failing(
        _ error: any Error, calls: Set<String>? = nil, in testApp: TestApp, lines: [String]
    ) async throws -> (output: String, errors: [String]) {
        let store = try #require(testApp.store as? FaultyStore)
        testApp.output.clear()
        store.fail(with: error, calls: calls)
        var errors: [String] = []
        for line in lines { errors += await testApp.send(line) }
        store.fail(with: nil)
        return (testApp.output.transcript, errors)
    }

    /// What the store holds after the failed command: every fact the commands could have changed.
    private func facts(_ testApp: TestApp) async throws -> [String] {
        let alice = try await testApp.session("alice")
        let post = try await testApp.store.project(id: 1)
        let rooms = try await testApp.store.rooms(of: alice)
        let page = try await testApp.store.messages(in: 1, for: alice, before: nil, limit: 10)
        return [
            "post #1 \(post.isOpen ? "open" : "closed")", "posts \(try await testApp.store.projects(.all).count)",
            "rooms \(rooms.map { "#\($0.room.id) \($0.room.memberList)" })", "messages \(page.messages.map(\.text))",
        ]
    }

    @Test("a command whose store call fails shows the store's one line, claims nothing, changes nothing, and stays put",
        arguments: failures.indices)
    func failedCommands(_ index: Int) async throws {
        let error = Self.failures[index]
        // Each command, and the store call that does what it is for.
        let cases: [(setup: [String], line: String, call: String)] = [
            (["/open 1"], "/close", "setProject"), (["/open 1"], "/delete", "deleteProject"),
            (["/chat", "/open 1"], "hello", "send"), (["/chat", "/open 1"], "/leave", "leave"),
            (["/chat", "/open 1"], "/invite carol", "invite"), (["/chat"], "/dm carol", "profile"),
            (["/chat"], "/rooms", "rooms"), (["/chat"], "/open 1", "messagesBefore"),
            ([], "/search swift", "projects"), ([], "/open 1", "project"),
        ]
        let before = try await facts(try await app())
        // The whole store failing, and only the call that matters failing after the others worked.
        for (setup, line, call) in cases {
            for calls in [nil, [call] as Set<String>] {
                let testApp = try await app()
                for step in setup { await testApp.send(step) }
                let path = testApp.tabBar.tabBarController.path
                let (output, errors) = try await failing(error, calls: calls, in: testApp, lines: [line])
                let what = "\(line) at \(path), \(calls == nil ? "every call" : call) failing"
                #expect(errors == [ErrorReport.message(for: error)], "\(what)")
                #expect(output.isEmpty, "\(what) printed \(output)")
                #expect(testApp.tabBar.tabBarController.path == path, "\(what) moved")
                #expect(try await facts(testApp) == before, "\(what) changed the store")
            }
        }
    }

    @Test("a post whose saving fails is kept: the same '.' saves it once the store is back", arguments: failures.indices)
    func failedPostIsKept(_ index: Int) async throws {
        let error = Self.failures[index]
        let testApp = try await app()
        await testApp.send("/new", "Late night Rust", "rust", "3", "Fridays")
        let (output, errors) = try await failing(error, in: testApp, lines: ["."])
        #expect(errors == [ErrorReport.message(for: error)])
        #expect(!output.contains("posted"))
        #expect(try await testApp.store.projects(.all).count == 1)
        #expect(await testApp.send(".") == [])
        #expect(testApp.output.transcript.contains("posted #2"))
        #expect(try await testApp.store.project(id: 2).title == "Late night Rust")
    }

    @Test("/chat while the store is away: one error, and the user stays where they were", arguments: failures)
    func chatTabStays(error: any Error & Sendable) async throws {
        let testApp = try await app()
        let (_, errors) = try await failing(error, calls: ["rooms"], in: testApp, lines: ["/chat"])
        #expect(errors == [ErrorReport.message(for: error)])
        #expect(testApp.tabBar.tabBarController.path == "home > board")
    }
}
