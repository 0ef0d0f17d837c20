import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// Lines whose work is only to decide, move or tell: over a store that fails on any call not
/// expected, they read nothing but what they need.
@MainActor
@Suite("Decisions that touch no store")
struct StoreFreeDecisionTests {
    /// A guest's app on the board, over a store that answers only the board's first page.
    private func guestOnBoard() async throws -> (TestApp, StrictStore) {
        let store = StrictStore()
        store.expect("projects", answer: [Project]())
        let app = TestApp(store: store)
        try await app.app.start()
        return (app, store)
    }

    @Test("help, where, tree, whoami and a guest's way into the login and out of it ask the store nothing")
    func movingAndTellingReadNothing() async throws {
        let (app, store) = try await guestOnBoard()
        let before = store.calls
        let errors = await app.send("/help", "/help open", "/where", "/tree", "/whoami", "/chat", "/where", "/back", "/where")
        #expect(errors.isEmpty, "\(errors)")
        #expect(store.calls == before, "the store was asked: \(store.calls.dropFirst(before.count))")
        #expect(app.tabBar.tabBarController.path == "home > board")
    }

    @Test("a guest's /dm and /new present the login and read nothing until someone logs in")
    func loginOnDemandWaits() async throws {
        let (app, store) = try await guestOnBoard()
        let before = store.calls
        #expect(await app.send("/dm bob").isEmpty)
        #expect(app.tabBar.tabBarController.path == "home > board > login")
        #expect(await app.send("/back", "/new").isEmpty)
        #expect(store.calls == before, "the store was asked: \(store.calls.dropFirst(before.count))")
    }
}
