import HummingbirdWSClient
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudyRemote

/// `tudy --server` as it starts: a server that can not be used is said at once, and why.
@Suite("Connecting as tudy starts")
struct ConnectingTests {
    @Test("a server where nothing listens is said at once, as a problem waiting would not mend")
    func nothingListens() async throws {
        let url = "ws://127.0.0.1:1"
        let store = RemoteChatStore(urls: [url])
        await #expect(throws: RemoteStoreError.cannotConnect(urls: [url], problems: [.nothingListens])) {
            try await store.connect()
        }
        await store.close()
    }

    @Test("when every server given fails, each one's problem is named, in the order given")
    func everyServerFails() async throws {
        let urls = ["ws://127.0.0.1:1", "ws://no-such-host.invalid:7070"]
        // A machine whose name server does not answer takes a while to say so: still lasting.
        let store = RemoteChatStore(urls: urls, requestTimeout: .seconds(30))
        do {
            try await store.connect()
            Issue.record("connected to servers that are not there")
        } catch RemoteStoreError.cannotConnect(let named, let problems) {
            #expect(named == urls)
            #expect(problems.first == .nothingListens)
            guard case .unknownHost = problems.last else {
                Issue.record("the second problem is \(problems)")
                return
            }
        } catch {
            Issue.record("expected cannotConnect, got \(error)")
        }
        await store.close()
    }

    @Test("one server that answers is enough: tudy connects to it, whatever the others do")
    func oneServerAnswers() async throws {
        let server = try await TestServer.start(TestServer.memoryStore())
        defer { Task { await server.stop() } }
        let store = RemoteChatStore(urls: ["ws://127.0.0.1:1", server.url])
        try await store.connect()
        #expect(try await store.signUp(name: "ann", password: "ann-password").user.name == "ann")
        await store.close()
    }

    @Test("what says why a connection failed: BoringSSL's reason as words, and a refused upgrade as another kind of server")
    func problemWords() {
        let text = "sslError([Error: 268435703 error:100000f7:SSL routines:OPENSSL_internal:WRONG_VERSION_NUMBER at x.cc:1])"
        #expect(ConnectProblem.reasonName(in: text) == "wrong version number")
        #expect(ConnectProblem.of(WebSocketClientError.webSocketUpgradeFailed) == .notTudy)
        #expect(ConnectProblem.of(CancellationError()) == nil)
    }
}
