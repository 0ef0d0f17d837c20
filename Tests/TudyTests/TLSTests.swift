import Foundation
import Testing
import TudyRemote

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// `tudy serve --tls-cert --tls-key` and a client that trusts its certificate.
@Suite("TLS", .notQuick)
struct TLSTests {
    /// A self-signed certificate for localhost and its key, made by openssl: (certificate, key).
    private func selfSigned(in directory: URL) throws -> (String, String) {
        let certificate = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        let openssl = Process()
        openssl.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        openssl.arguments = [
            "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost", "-keyout", key, "-out", certificate,
        ]
        openssl.standardOutput = FileHandle.nullDevice
        openssl.standardError = FileHandle.nullDevice
        try openssl.run()
        openssl.waitUntilExit()
        try #require(openssl.terminationStatus == 0, "openssl could not make a certificate")
        return (certificate, key)
    }

    @Test("over wss:// a client that trusts the certificate chats; one that does not, a ws:// client, and wss:// to a ws:// server are told at once")
    func chatOverTLS() async throws {
        let directory = try TemporaryDirectory.make()
        let (certificate, key) = try selfSigned(in: directory)
        let store = TestServer.memoryStore()
        let server = try await TestServer.start(store, tls: (certificate, key))
        defer { Task { await server.stop() } }
        #expect(server.url.hasPrefix("wss://"))

        // TLS checks the name the certificate gives, so the client names the host, not its address.
        let url = server.url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        let trusting = RemoteChatStore(urls: [url], certificateAuthority: certificate)
        try await trusting.connect()
        let ann = try await trusting.signUp(name: "ann", password: "ann-password")
        let ben = try await store.signUp(name: "ben", password: "ben-password")
        let room = try await trusting.directRoom(between: ann, and: ben.user)
        #expect(try await trusting.send("over TLS", to: room.id, from: ann).text == "over TLS")
        #expect(try await store.messages(in: room.id, for: ben, before: nil, limit: 5).messages.map(\.text) == ["over TLS"])
        await trusting.close()

        // A certificate nobody vouches for is said at once, not waited out.
        let doubting = RemoteChatStore(urls: [url])
        await #expect(throws: RemoteStoreError.cannotConnect(urls: [url], problems: [.untrustedCertificate])) {
            try await doubting.connect()
        }
        await doubting.close()
        // The wrong scheme either way is answered at once, not waited out.
        let plainURL = "ws://" + url.dropFirst("wss://".count)
        let plain = RemoteChatStore(urls: [plainURL])
        await #expect(throws: RemoteStoreError.cannotConnect(urls: [plainURL], problems: [.notTudy])) { try await plain.connect() }
        await plain.close()
        let plainServer = try await TestServer.start(TestServer.memoryStore())
        defer { Task { await plainServer.stop() } }
        let secureURL = "wss://localhost:\(plainServer.port)"
        let secure = RemoteChatStore(urls: [secureURL], certificateAuthority: certificate)
        await #expect(throws: RemoteStoreError.cannotConnect(urls: [secureURL], problems: [.tlsFailed("wrong version number")])) {
            try await secure.connect()
        }
        await secure.close()
    }

    @Test("the wrong scheme either way is named, with the address to use")
    func wrongSchemeNamed() {
        let plainToTLS = RemoteStoreError.cannotConnect(urls: ["ws://chat.example.org:7070"], problems: [.notTudy])
        #expect(plainToTLS.message.hasSuffix("if it serves wss://, use wss://chat.example.org:7070; if not, check the port, and that tudy serve runs there"))
        let tlsToPlain = RemoteStoreError.cannotConnect(urls: ["wss://chat.example.org:7070"], problems: [.tlsFailed("wrong version number")])
        #expect(tlsToPlain.message == "can not connect to wss://chat.example.org:7070 (TLS failed: wrong version number): it speaks no TLS: use ws://chat.example.org:7070")
    }

    @Test("over wss:// a client that leaves (/quit) closes the connection as it should: the server logs that it left, not a broken frame")
    func cleanCloseOverTLS() async throws {
        let directory = try TemporaryDirectory.make()
        let (certificate, key) = try selfSigned(in: directory)
        let log = ServerLog()
        let server = try await TestServer.start(TestServer.memoryStore(), tls: (certificate, key), log: log)
        defer { Task { await server.stop() } }
        let url = server.url.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        let run = try TudyProcess(["--server", url, "--ca-file", certificate], input: Array("/whoami\n/quit\n".utf8), directory: directory)
        #expect(run.finish().output == "guest\n")
        let closed = await log.waitFor(1, of: ["connection closed"])
        #expect(closed.first?.details.contains("reason=the client left, or the server is stopping") == true, "\(closed)")
    }

    @Test("over wss:// bytes that are not HTTP get a 400, and GET / the page, each naming wss://")
    func answersNameTheScheme() async throws {
        let directory = try TemporaryDirectory.make()
        let (certificate, key) = try selfSigned(in: directory)
        let server = try await TestServer.start(TestServer.memoryStore(), tls: (certificate, key), handshakeLimit: .seconds(60))
        defer { Task { await server.stop() } }

        let refusal = try await overTLS("hello there\r\n\r\n", port: server.port)
        #expect(refusal.hasPrefix("HTTP/1.1 400 Bad Request\r\n"), "\(refusal)")
        #expect(refusal.hasSuffix("this is a tudy server, which speaks WebSocket only: tudy --server wss://HOST:PORT\n"), "\(refusal)")
        let page = try await overTLS("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n", port: server.port)
        #expect(page.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(page)")
        #expect(page.hasSuffix("tudy server: connect with tudy --server wss://HOST:PORT\n"), "\(page)")
    }

    /// What a TLS server on `port` sends back for `request` until it closes the connection,
    /// read by `openssl s_client` on a thread of its own; a server that keeps the connection
    /// open 10 s ends it, with what came until then.
    private func overTLS(_ request: String, port: Int) async throws -> String {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try Self.readOverTLS(request, port: port) })
            }
        }
    }

    private static func readOverTLS(_ request: String, port: Int) throws -> String {
        let client = Process()
        client.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        client.arguments = ["-s", "KILL", "10", "/usr/bin/openssl", "s_client", "-quiet", "-connect", "127.0.0.1:\(port)", "-servername", "localhost"]
        let input = Pipe()
        let output = Pipe()
        client.standardInput = input
        client.standardOutput = output
        client.standardError = FileHandle.nullDevice
        try client.run()
        input.fileHandleForWriting.write(Data(request.utf8))
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        client.waitUntilExit()
        return String(decoding: answer, as: UTF8.self)
    }
}
