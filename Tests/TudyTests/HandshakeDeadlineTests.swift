import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// A connection to `tudy serve` that does not become a WebSocket in time is closed, so that no
/// client holds one of the server's sockets by saying nothing; one that speaks the wrong
/// scheme is answered at once.
@Suite("Handshake deadline", .notQuick)
struct HandshakeDeadlineTests {
    @Test("a connection that says nothing, or half a request, is closed once its time is up; a client that upgraded is kept")
    func closesWhatNeverUpgrades() async throws {
        // Three seconds: short, for a test, yet long enough for the client's own upgrade while
        // every other test runs beside it (at one second, a run of every test at once on two
        // cores, whose blocking tests hold the cooperative pool, left the client unconnected
        // for 10 s, twice in three).
        let log = ServerLog()
        let server = try await TestServer.start(TestServer.memoryStore(), handshakeLimit: .seconds(3), log: log)
        defer { Task { await server.stop() } }
        let client = try await server.client()
        let reports = Locked([String]())
        let lines = try #require(client.connectionReports())
        let watching = Task {
            for await report in lines { reports.value.append(report.line) }
        }
        defer { watching.cancel() }

        // One after the other, each closed by the server once its time is up: by the end the
        // client has been connected for twice the limit.
        for request in ["", "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"] {
            let connection = try TCPConnection(port: server.port)
            try connection.send(Array(request.utf8))
            try await connection.waitForClose(within: 10)
        }

        #expect(reports.value.isEmpty, "the client's connection was dropped: \(reports.value)")
        // Ended as connections whose clients left: Hummingbird logs no error for them.
        let ends = await log.upgradesGivenUp(2)
        #expect(ends.allSatisfy { $0.level < .error }, "\(ends)")
        #expect(try await client.signUp(name: "ann", password: "ann-password").user.name == "ann")
        await client.close()
    }

    @Test("TLS at a ws:// server is answered at once, in plain HTTP, with the scheme to use, and no error is logged")
    func tlsAtPlainServer() async throws {
        let log = ServerLog()
        let server = try await TestServer.start(TestServer.memoryStore(), log: log)
        defer { Task { await server.stop() } }
        let connection = try TCPConnection(port: server.port)
        // The start of a TLS ClientHello.
        try connection.send([0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03])
        let answer = try await connection.waitForClose(within: 10)
        #expect(answer.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(answer)")
        #expect(answer.hasSuffix("this tudy server speaks ws:// only: tudy --server ws://HOST:PORT\n"), "\(answer)")
        // Ended as a connection whose client left.
        let ends = await log.upgradesGivenUp(1)
        #expect(ends.allSatisfy { $0.level < .error }, "\(ends)")
    }

    @Test("bytes that are not HTTP are answered at once with a 400 saying what the server is, and no error is logged; GET / is answered with how to connect")
    func notHTTPAndAPage() async throws {
        // The deadline is long enough that a close by it could not pass for the answer.
        let log = ServerLog()
        let server = try await TestServer.start(TestServer.memoryStore(), handshakeLimit: .seconds(60), log: log)
        defer { Task { await server.stop() } }
        let typed = try TCPConnection(port: server.port)
        try typed.send(Array("hello there\r\n\r\n".utf8))
        let refusal = try await typed.waitForClose(within: 10)
        #expect(refusal.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(refusal)")
        #expect(refusal.hasSuffix("this is a tudy server, which speaks WebSocket only: tudy --server ws://HOST:PORT\n"), "\(refusal)")
        let ends = await log.upgradesGivenUp(1)
        #expect(ends.allSatisfy { $0.level < .error }, "\(ends)")

        let browser = try TCPConnection(port: server.port)
        try browser.send(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        let page = try await browser.waitForClose(within: 10)
        #expect(page.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(page)")
        #expect(page.hasSuffix("tudy server: connect with tudy --server ws://HOST:PORT\n"), "\(page)")
    }
}
