import Foundation
import Testing
@testable import TudyRemote
import TudyServer

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// `/members` on a server: who of a room is connected now, the server's knowledge of the
/// moment, never stored.
@Suite("Presence on a server")
@MainActor
struct PresenceTests {
    @Test("/members marks who has a connection signed in to the server now; one who closes theirs is no longer marked")
    func members() async throws {
        let store = TestServer.memoryStore()
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }
        let (annClient, benClient) = (try await server.client(), try await server.client())
        let ann = try await annClient.signUp(name: "ann", password: "ann-password")
        let ben = try await benClient.signUp(name: "ben", password: "ben-password")
        let cyd = try await store.signUp(name: "cyd", password: "cyd-password")
        let direct = try await annClient.directRoom(between: ann, and: ben.user)
        let room = try await store.bringIn(cyd, to: direct.id, by: ann)
        #expect(try await annClient.connectedMembers(of: room.id, for: ann) == ["ann", "ben"], "cyd has no connection")

        let app = TestApp(store: annClient)
        try await app.app.start()
        app.context.login.session = ann
        #expect(await app.send("/chat", "/open \(room.id)") == [])
        app.output.clear()
        #expect(await app.send("/members") == [])
        #expect(app.output.standardOutput == "ann (online), ben (online), cyd\n")
        let readme = try String(contentsOf: ReadmeTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("`/members` marks who is online on the server now: `ann (online), ben (online), cyd`"), "the README's example")

        await benClient.close()
        let deadline = ContinuousClock.now + .seconds(10)
        var online = try await annClient.connectedMembers(of: room.id, for: ann)
        while online != ["ann"], ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
            online = try await annClient.connectedMembers(of: room.id, for: ann)
        }
        #expect(online == ["ann"], "within 10 s of ben's client closing")

        let theirs = try await store.directRoom(between: cyd, and: ben.user)
        await #expect(throws: StoreError.noSuchRoom(theirs.id)) { try await annClient.connectedMembers(of: theirs.id, for: ann) }
        await annClient.close()
    }

    @Test("on a local store /members marks nobody: nothing there knows who is connected")
    func localStore() async throws {
        let app = try await TestApp.started(users: ["ann", "ben"], loggedIn: "ann")
        _ = try await app.store.directRoom(between: try await app.session("ann"), and: User(name: "ben"))
        #expect(await app.send("/chat", "/open 1") == [])
        app.output.clear()
        #expect(await app.send("/members") == [])
        #expect(app.output.standardOutput == "ann, ben\n")
    }
}
