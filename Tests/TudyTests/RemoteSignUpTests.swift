import Foundation
import Testing
@testable import TudyRemote

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// `/signup` through a server: a taken name is refused before any password is asked for, as
/// on a store of one's own.
@Suite("Remote store: signing up", .serialized, .closingStores)
struct RemoteSignUpTests {
    @MainActor
    @Test("/signup with a name taken on the server is refused at once, with no password prompt; a free one is asked its password")
    func takenNameRefusedAtOnce() async throws {
        let store = TestServer.memoryStore()
        let server = try await TestServer.start(store)
        defer { Task { await server.stop() } }
        _ = try await store.signUp(name: "ann", password: "ann-password")
        let app = TestApp(store: try await server.client())
        try await app.app.start()
        // As at a terminal: a script would have the lines after a refused /signup skipped as its passwords.
        app.tabBar.readsScript = false
        let errors = await app.send("/signup ANN")
        #expect(errors.count == 1 && errors[0].contains("'ANN' is taken"), "\(errors)")
        #expect(!app.tabBar.lineRequest.isSecret, "no password asked for: \(app.output.transcript)")
        #expect(app.context.login.user == nil)
        // A free name goes on to its password.
        #expect(await app.send("/signup cat") == [])
        #expect(app.tabBar.lineRequest.isSecret)
    }
}
