import Foundation
import Testing

@testable import TudyKit

/// A connection to `tudy serve` that does not become a WebSocket in time is closed, so that no
/// client holds one of the server's sockets by saying nothing.
@Suite("Handshake deadline")
struct HandshakeDeadlineTests {
    @Test("a connection that says nothing, or sends no HTTP, is closed once its time is up; a client that upgraded is kept")
    func closesWhatNeverUpgrades() async throws {
        // A second: short, for a test, yet long enough for the client's own upgrade while
        // every other test runs beside it.
        let server = try await TestServer.start(TestServer.memoryStore(), handshakeLimit: .seconds(1))
        defer { Task { await server.stop() } }
        let client = try await server.client()
        let reports = Locked([String]())
        let lines = try #require(client.connectionReports())
        let watching = Task {
            for await line in lines { reports.value.append(line) }
        }
        defer { watching.cancel() }

        // One after the other, each closed by the server once its time is up: by the end the
        // client has been connected for twice the limit.
        let silence: [UInt8] = []
        let tlsHello: [UInt8] = [0x16, 0x03, 0x01, 0x02, 0x00, 0x01, 0x00, 0x01, 0xfc, 0x03, 0x03]  // wss:// at a ws:// server
        for bytes in [silence, tlsHello] {
            let connection = try TCPConnection(port: server.port)
            try connection.send(bytes)
            try await connection.waitForClose(within: 10)
        }

        #expect(reports.value.isEmpty, "the client's connection was dropped: \(reports.value)")
        #expect(try await client.signUp(name: "ann", password: "ann-password").user.name == "ann")
        await client.close()
    }
}
