import Foundation
@testable import TudyApp
@testable import TudyCore

extension TestApp {
    /// A started app over `store`, with alice, bob and carol signed up, alice and bob's 1:1
    /// room (#1), the group room alice made of it by bringing carol in (#2), and bob logged in.
    static func withGroupOfThree(
        store: InMemoryChatStore = TestApp.memoryStore(), clock: WallClock = WallClock { TestApp.start },
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) async throws -> (TestApp, Room) {
        for name in ["alice", "bob", "carol"] {
            _ = try await store.signUp(name: name, password: "password-\(name)")
        }
        let app = TestApp(store: store, clock: clock, sleep: sleep)
        let alice = try await app.session("alice")
        let direct = try await store.directRoom(between: alice, and: User(name: "bob"))
        let group = try await store.bringIn(try await app.session("carol"), to: direct.id, by: alice)
        try await app.app.start()
        app.context.login.session = try await app.session("bob")
        return (app, group)
    }
}
