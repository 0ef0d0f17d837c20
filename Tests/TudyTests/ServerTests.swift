import Foundation
import NIOWebSocket
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// `tudy serve` and `tudy --server`, as built, on loopback.
@Suite("Server", .serialized, .closingStores, .notQuick)
struct ServerTests {
    private func script(_ lines: [String]) -> [UInt8] {
        Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// A seed of alice, bob and carol; room #1 is alice and bob's.
    private func seedFile(in directory: URL) throws -> String {
        let fixture: [String: Any] = [
            "users": ["alice", "bob", "carol"].map { ["name": $0, "password": "\($0)-password"] },
            "rooms": [["kind": "direct", "members": ["alice", "bob"], "messages": []]],
        ]
        let url = directory.appendingPathComponent("seed.json")
        try JSONSerialization.data(withJSONObject: fixture).write(to: url)
        return url.path
    }

    /// Starts `tudy serve` and waits until it listens; its ws:// address.
    private func serve(_ arguments: [String]) throws -> (RunningTudy, String) {
        let server = try RunningTudy(TudyProcess.binary, ["serve"] + arguments)
        server.waitFor("listening on ws://")
        let line = server.text.split(separator: "\n").first { $0.hasPrefix("listening on ") } ?? ""
        return (server, String(line.dropFirst("listening on ".count)))
    }

    /// `tudy --server` for each of `servers`, logged in as `name` (password `NAME-password`),
    /// in room #1, the 1:1 room with `other`.
    private func inRoom(_ name: String, with other: String, servers: [String]) throws -> RunningTudy {
        let client = try RunningTudy(TudyProcess.binary, servers.flatMap { ["--server", $0] })
        client.send("/login \(name)", "\(name)-password", "/chat", "/open 1", "/where")
        client.waitFor("chat > rooms > @\(other)\n")
        return client
    }

    private func port(of url: String) -> String {
        String(url.split(separator: ":").last ?? "")
    }

    @Test("a server and two clients chat live; a bad frame, no token, another's room: each refused while they chat on")
    func chatAndRefusals() async throws {
        let directory = try TemporaryDirectory.make()
        let store = directory.appendingPathComponent("server.sqlite").path
        let (server, url) = try serve(["--listen", "127.0.0.1:0", "--store", store, "--seed", try seedFile(in: directory)])
        defer { server.stop() }

        let bob = try inRoom("bob", with: "alice", servers: [url])
        defer { bob.stop() }
        bob.send("/wait 20")
        let alice = try inRoom("alice", with: "bob", servers: [url])
        defer { alice.stop() }
        alice.send("hello over the wire")
        bob.waitFor("alice: hello over the wire\n")

        // Carol, on her own socket, tries what she may not; the server answers and goes on.
        let login = #"{"id":1,"op":"log_in","name":"carol","password":"carol-password"}"#
        let carol = try await RawSocket.exchange(url, [login])
        let token = try #require(carol.replies.first.flatMap { try? WireCodec().decode(WireFrame.self, from: $0) }?.session?.token)
        let refused = try await RawSocket.exchange(url, signedInAs: SessionToken(text: token), [
            #"{"id":2,"op":"messages_before","room_id":1,"limit":10}"#,
            #"{"id":3,"op":"send","room_id":1,"text":"let me in"}"#,
            #"{"id":4,"op":"send"}"#,
            login,
        ])
        let codes = refused.replies.map { try? WireCodec().decode(WireFrame.self, from: $0).error?.code }
        #expect(codes == ["no_such_room", "no_such_room", "bad_request", "already_signed_in"])
        let stranger = try await RawSocket.exchange(url, [
            #"{"id":5,"op":"rooms"}"#, #"{"id":6,"op":"resume","token":"not-a-token"}"#, #"{"id":7,"op":"rooms","token":"\#(token)"}"#,
        ])
        let strangerCodes = stranger.replies.map { try? WireCodec().decode(WireFrame.self, from: $0).error?.code }
        #expect(strangerCodes == ["session_ended", "session_ended", "session_ended"], "a token in a request names nobody")
        let notJSON = try await RawSocket.exchange(url, ["this is not json", "{}"])
        #expect(notJSON.closeCode == .unacceptableData)
        #expect(notJSON.replies.count == 1)
        let huge = try await RawSocket.exchange(url, [String(repeating: "x", count: 70 * 1024)])
        #expect(huge.closeCode == .messageTooLarge)

        bob.send("/wait 20")
        alice.send("still here after all that")
        bob.waitFor("alice: still here after all that\n")
        alice.send("/whoami")
        alice.waitFor("alice\n")
        #expect(!bob.text.contains("let me in"))
        #expect(alice.finish() == 0)
        #expect(bob.finish() == 0)
    }

    @Test("the server killed and restarted: the clients reconnect and catch up; nothing lost, nothing twice")
    func restart() throws {
        let directory = try TemporaryDirectory.make()
        let store = directory.appendingPathComponent("server.sqlite").path
        var (server, url) = try serve(["--listen", "127.0.0.1:0", "--store", store, "--seed", try seedFile(in: directory)])
        defer { server.stop() }

        let bob = try inRoom("bob", with: "alice", servers: [url])
        defer { bob.stop() }
        // Someone who only reads the board, not logged in, is told of the drop too.
        let guest = try RunningTudy(TudyProcess.binary, ["--server", url])
        defer { guest.stop() }
        guest.send("/where")
        guest.waitFor("home > board\n")
        let alice = try inRoom("alice", with: "bob", servers: [url])
        defer { alice.stop() }
        alice.send("before the crash")
        bob.send("/wait 20")
        bob.waitFor("alice: before the crash\n")

        // Bob is waiting when the server is killed: his /wait waits through the reconnection.
        bob.send("/wait 60")
        server.stop()
        // Sent while no server runs: it waits for the next one, and goes once.
        alice.send("while the server is down", "/where")
        (server, _) = try serve(["--listen", "127.0.0.1:\(port(of: url))", "--store", store])
        alice.waitFor("] alice: while the server is down")
        bob.waitFor("alice: while the server is down\n")
        #expect(!bob.text.contains("error:"), "bob's /wait failed across the kill:\n\(bob.text)")
        #expect(!alice.text.contains("error:"), "alice's typed line failed across the kill:\n\(alice.text)")
        // A script is told of the connection before its next command: it asks until told.
        let told = Date().addingTimeInterval(20)
        repeat {
            guest.send("/where")
            usleep(100_000)
        } while !guest.text.contains("reconnected to \(url)\n") && Date() < told
        guest.waitFor("lost the connection to \(url): reconnecting…\n")
        guest.waitFor("reconnected to \(url)\n")
        alice.send("after the restart", "/where")
        bob.send("/wait 20")
        bob.waitFor("alice: after the restart\n")
        alice.send("/quit")
        bob.send("/quit")
        #expect(alice.finish() == 0)
        #expect(bob.finish() == 0)
        for text in ["before the crash", "while the server is down", "after the restart"] {
            #expect(bob.text.components(separatedBy: "alice: \(text)\n").count == 2, "bob saw '\(text)' other than once:\n\(bob.text)")
        }
        let reader = try TudyProcess(["--store", store], input: script(["/login bob", "bob-password", "/chat", "/open 1"]), directory: directory)
        let stored = reader.finish().output
        #expect(stored.components(separatedBy: "alice: while the server is down\n").count == 2, "stored:\n\(stored)")
    }

    @Test("SIGTERM: the server closes every connection with a close frame, leaves its store whole, and exits 0")
    func drainsOnSIGTERM() async throws {
        let directory = try TemporaryDirectory.make()
        let store = directory.appendingPathComponent("server.sqlite").path
        let (server, url) = try serve(["--listen", "127.0.0.1:0", "--store", store, "--seed", try seedFile(in: directory)])
        defer { server.stop() }

        let (isReady, ready) = AsyncStream.makeStream(of: Void.self)
        let listening = Task {
            try await RawSocket.listen(url, [#"{"id":1,"op":"hello","version":\#(WireCodec.version)}"#]) { ready.yield() }
        }
        var readiness = isReady.makeAsyncIterator()
        _ = await readiness.next()
        kill(server.process.processIdentifier, SIGTERM)
        // A server that ignores SIGTERM is killed after 20 s, which fails the test below.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(20))
            server.stop()
        }
        let outcome = try await listening.value
        watchdog.cancel()
        #expect(outcome.closeCode == .normalClosure, "the connection ended without a clean close: \(outcome)")
        #expect(server.finish() == 0, "the server did not stop cleanly:\n\(server.text)")
        let check = try TudyProcess(["--check", "--store", store], input: [], directory: directory).finish()
        #expect(check.status == 0, "\(check.output)")
    }

    @Test("SIGTERM to a server on PostgreSQL as the database restarts, ten clients sending: it exits 0 within 15 s")
    func stopsAsTheDatabaseRestarts() async throws {
        let cluster = try OwnPostgresCluster.start()
        defer { cluster.remove() }
        let (server, url) = try serve(["--listen", "127.0.0.1:0", "--database", cluster.url])
        defer { server.stop() }
        let load = try RunningTudy(
            TudyProcess.binary.deletingLastPathComponent().appendingPathComponent("tudy-load"),
            ["--server", url, "--clients", "10", "--messages", "100000", "--rate", "50"])
        defer { load.stop() }
        load.waitFor("sending", seconds: 30)
        // Not a wait for something: the clients send for a while, so that the database is busy.
        try await Task.sleep(for: .seconds(2))
        cluster.beginRestart()
        server.waitFor("the database is gone")
        kill(server.process.processIdentifier, SIGTERM)
        // One that has not ended after 20 s is killed, which fails the test below; without its
        // own deadline it ended after 15 s in the service group's crash (SIGILL, status 132).
        let watchdog = DispatchWorkItem { server.stop() }
        DispatchQueue.global().asyncAfter(deadline: .now() + 20, execute: watchdog)
        let status = server.finish()
        watchdog.cancel()
        #expect(status == 0, "the server did not stop cleanly:\n\(server.text.suffix(3000))")
    }

    @Test("--metrics serves what an operator watches, in Prometheus's text: connections, subscriptions, queued bytes, requests, refusals, logins, delivery")
    func metrics() async throws {
        let directory = try TemporaryDirectory.make()
        let (server, url) = try serve([
            "--listen", "127.0.0.1:0", "--memory", "--seed", try seedFile(in: directory), "--metrics", "127.0.0.1:0",
        ])
        defer { server.stop() }
        server.waitFor("metrics on http://127.0.0.1:")
        let metricsPort = try #require(server.text.split(separator: "\n").first { $0.hasPrefix("metrics on ") }
            .flatMap { Int($0.split(separator: ":").last?.split(separator: "/").first ?? "") })
        _ = try await RawSocket.exchange(url, [#"{"id":1,"op":"log_in","name":"carol","password":"wrong-password"}"#])
        let carol = try await RawSocket.exchange(url, [#"{"id":1,"op":"log_in","name":"carol","password":"carol-password"}"#])
        let token = try #require(carol.replies.first.flatMap { try? WireCodec().decode(WireFrame.self, from: $0) }?.session?.token)
        let subscribe = #"{"id":2,"op":"subscribe"}"#
        _ = try await RawSocket.exchange(url, signedInAs: SessionToken(text: token), Array(repeating: subscribe, count: ServerLimits.subscriptionsPerConnection + 1))
        let bob = try inRoom("bob", with: "alice", servers: [url])
        defer { bob.stop() }
        bob.send("/wait 20")
        let alice = try inRoom("alice", with: "bob", servers: [url])
        defer { alice.stop() }
        alice.send("measured")
        bob.waitFor("alice: measured\n")

        let scrape = try TCPConnection(port: metricsPort)
        try scrape.send(Array("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8))
        let page = try await scrape.waitForClose(within: 10)
        let lines = Set(page.split(separator: "\n").map(String.init))
        #expect(page.hasPrefix("HTTP/1.1 200"), "\(page)")
        for line in [
            "tudy_connections 2.0", "tudy_logins_total{outcome=\"wrong_credentials\"} 1", "tudy_logins_total{outcome=\"ok\"} 3",
            "tudy_refusals_total{reason=\"too_many_subscriptions\"} 1",
            "tudy_requests_total{op=\"send\"} 1", "tudy_database_up 1.0", "tudy_queued_bytes 0.0",
        ] {
            #expect(lines.contains(line), "no '\(line)' in:\n\(page)")
        }
        // Bob's copy of the message was pushed to him live, and timed.
        #expect(lines.contains { $0.hasPrefix("tudy_subscriptions ") && $0 != "tudy_subscriptions 0.0" }, "\(page)")
        #expect(lines.contains { $0.hasPrefix("tudy_delivery_seconds_count ") && $0 != "tudy_delivery_seconds_count 0" }, "\(page)")
    }

    @Test("a login kept over --server is said to be kept for this server, not this store, and holds when another server is named too")
    func keptOnServer() throws {
        let directory = try TemporaryDirectory.make()
        let (server, url) = try serve(["--listen", "127.0.0.1:0", "--memory", "--seed", try seedFile(in: directory)])
        defer { server.stop() }
        let run = try TudyProcess(["--server", url, "--remember"], input: Array("/login alice\nalice-password\n".utf8), directory: directory)
        let result = run.finish()
        #expect(result.status == 0)
        #expect(result.errors.contains("kept for later runs on this server: /logout ends it"), "\(result.errors)")

        // One more server named, before it or after: the login kept for this one still holds.
        for servers in [[url, "ws://127.0.0.1:1"], ["ws://127.0.0.1:1", url]] {
            let again = try TudyProcess(servers.flatMap { ["--server", $0] }, input: Array("/whoami\n".utf8), directory: directory).finish()
            #expect(again.output.hasSuffix("alice\n"), "\(servers): \(again.output) \(again.errors)")
        }
    }

    @Test("tudy serve holds no more connections than the files it may open allow, less ServerLimits.descriptorsKeptFree, and says so: under a limit of 400, 144; one more is closed as it opens, and the server goes on")
    func openFileLimit() async throws {
        let limit = 400, held = 400 - ServerLimits.descriptorsKeptFree
        let server = try RunningTudy(
            URL(fileURLWithPath: "/bin/sh"),
            ["-c", "ulimit -n \(limit) && exec \"$0\" serve --memory --listen 127.0.0.1:0", TudyProcess.binary.path])
        defer { server.stop() }
        #expect(server.waitFor("holding at most \(held) connections: this process may open \(limit) files"))
        server.waitFor("listening on ws://")
        let line = server.text.split(separator: "\n").first { $0.hasPrefix("listening on ") } ?? ""
        let port = try #require(Int(line.split(separator: ":").last ?? ""))
        var connections: [TCPConnection] = []
        for _ in 0..<held {
            let connection = try TCPConnection(port: port)
            try connection.askForWebSocket()
            _ = try connection.readHandshakeAnswer(within: 10)
            connections.append(connection)
        }
        // Well within the handshake's own 10 s: closed as it opened, never answered.
        let refused = try TCPConnection(port: port)
        try refused.askForWebSocket()
        #expect(try await refused.waitForClose(within: 5).isEmpty)
        connections.removeAll()
        let deadline = ContinuousClock.now + .seconds(10)
        var answered = try await RawSocket.exchange("ws://127.0.0.1:\(port)", [#"{"id":1,"op":"projects"}"#])
        while answered.replies.isEmpty && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
            answered = try await RawSocket.exchange("ws://127.0.0.1:\(port)", [#"{"id":1,"op":"projects"}"#])
        }
        #expect(answered.replies.count == 1, "the server goes on once the connections are gone: \(answered)")
        #expect(server.process.isRunning)
    }

    @Test("a port in use, for chat or for metrics: one line saying so, naming the flag that would mend it, exit 2")
    func cannotListen() throws {
        let directory = try TemporaryDirectory.make()
        let (server, url) = try serve(["--listen", "127.0.0.1:0", "--memory"])
        defer { server.stop() }
        let taken = "127.0.0.1:\(port(of: url))"
        let second = try TudyProcess(["serve", "--memory", "--listen", taken], input: [], directory: directory).finish()
        #expect(second.status == 2)
        #expect(second.errors == "error: can not listen on \(taken) (address already in use): give --listen a free port on an address of this machine, e.g. 127.0.0.1:7070 (port 0 takes any free one)\n")

        // A metrics address in use is told as --metrics's, not --listen's.
        let metrics = try TudyProcess(
            ["serve", "--memory", "--listen", "127.0.0.1:0", "--metrics", taken], input: [], directory: directory).finish()
        #expect(metrics.status == 2)
        // Among the server's log lines: the chat had started listening, and stops with it.
        let line = "error: can not serve metrics on \(taken) (address already in use): give --metrics a free port on an address of this machine, e.g. 127.0.0.1:9090"
        #expect(metrics.errors.split(separator: "\n").filter { $0.hasPrefix("error: ") } == [line[...]], "\(metrics.errors)")
    }

    @Test("two servers on one PostgreSQL: people on either chat live; a client whose server is killed goes on through the other and catches up")
    func twoServersOnePostgres() async throws {
        let directory = try TemporaryDirectory.make()
        let database = try await PostgresTestCluster.newDatabase()
        let (first, firstURL) = try serve(["--listen", "127.0.0.1:0", "--database", database, "--seed", try seedFile(in: directory)])
        defer { first.stop() }
        let (second, secondURL) = try serve(["--listen", "127.0.0.1:0", "--database", database])
        defer { second.stop() }

        // Alice names both servers, hers first; bob uses the second.
        let bob = try inRoom("bob", with: "alice", servers: [secondURL])
        defer { bob.stop() }
        bob.send("/wait 20")
        let alice = try inRoom("alice", with: "bob", servers: [firstURL, secondURL])
        defer { alice.stop() }
        alice.send("from the first server")
        bob.waitFor("alice: from the first server\n")

        first.stop()
        alice.send("after my server died", "/where")
        alice.waitFor("reconnected to \(secondURL)\n")
        bob.send("/wait 20")
        bob.waitFor("alice: after my server died\n")
        bob.send("and a reply")
        alice.send("/wait 20")
        alice.waitFor("bob: and a reply\n")
        alice.send("/quit")
        bob.send("/quit")
        #expect(alice.finish() == 0)
        #expect(bob.finish() == 0)
        for text in ["from the first server", "after my server died"] {
            #expect(bob.text.components(separatedBy: "alice: \(text)\n").count == 2, "bob saw '\(text)' other than once:\n\(bob.text)")
        }
    }

    @Test("PostgreSQL crashes and comes back under a server: a /wait in flight and a line typed meanwhile both go through, once")
    func postgresCrash() throws {
        let cluster = try OwnPostgresCluster.start()
        defer { cluster.remove() }
        let directory = try TemporaryDirectory.make()
        let (server, url) = try serve(["--listen", "127.0.0.1:0", "--database", cluster.url, "--seed", try seedFile(in: directory)])
        defer { server.stop() }
        let bob = try inRoom("bob", with: "alice", servers: [url])
        defer { bob.stop() }
        let alice = try inRoom("alice", with: "bob", servers: [url])
        defer { alice.stop() }
        alice.send("before the crash")
        bob.send("/wait 20")
        bob.waitFor("alice: before the crash\n")

        bob.send("/wait 90")
        try cluster.crash()
        server.waitFor("the database is gone", seconds: 30)
        alice.send("while the database is down", "/where")
        try cluster.resume()
        alice.waitFor("] alice: while the database is down", seconds: 60)
        bob.waitFor("alice: while the database is down\n", seconds: 60)
        server.waitFor("the database is back")
        alice.send("/quit")
        bob.send("/quit")
        #expect(alice.finish() == 0)
        #expect(bob.finish() == 0)
        #expect(!bob.text.contains("error:"), "bob's /wait failed across the crash:\n\(bob.text)")
        #expect(!alice.text.contains("error:"), "alice's typed line failed across the crash:\n\(alice.text)")
        for text in ["before the crash", "while the database is down"] {
            #expect(bob.text.components(separatedBy: "alice: \(text)\n").count == 2, "bob saw '\(text)' other than once:\n\(bob.text)")
        }
    }

    @Test("tudy serve takes the database's password from --database-password-file or ~/.pgpass, off the command line; a wrong one is said at once")
    func databasePasswordOffTheCommandLine() async throws {
        let directory = try TemporaryDirectory.make()
        let database = try await PostgresTestCluster.newDatabaseWithPassword()
        let password = PostgresTestCluster.rolePassword
        let secret = directory.appendingPathComponent("secret")
        try Data("\(password)\n".utf8).write(to: secret)
        let (fromFile, _) = try serve(["--listen", "127.0.0.1:0", "--database", database, "--database-password-file", secret.path])
        fromFile.stop()

        let pgpass = directory.appendingPathComponent(".pgpass")
        try Data("# tudy's database\n*:*:*:tudy_password_test:\(password)\n".utf8).write(to: pgpass)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: pgpass.path)
        let fromHome = try RunningTudy(
            TudyProcess.binary, ["serve", "--listen", "127.0.0.1:0", "--database", database], environment: ["HOME": directory.path])
        defer { fromHome.stop() }
        fromHome.waitFor("listening on ws://")

        try Data("not-it\n".utf8).write(to: secret)
        let wrong = try TudyProcess(
            ["serve", "--listen", "127.0.0.1:0", "--database", database, "--database-password-file", secret.path], input: [],
            directory: directory
        ).finish()
        #expect(wrong.status == 2)
        #expect(wrong.errors.contains("the database refused the login (") && wrong.errors.contains("password authentication failed"), "\(wrong.errors)")
    }

    @Test("a short load: 50 clients over two servers on one PostgreSQL, one server killed halfway: nothing lost, nothing twice")
    func shortLoadWithAKill() async throws {
        let database = try await PostgresTestCluster.newDatabase()
        let (first, firstURL) = try serve(["--listen", "127.0.0.1:0", "--database", database])
        defer { first.stop() }
        let (second, secondURL) = try serve(["--listen", "127.0.0.1:0", "--database", database])
        defer { second.stop() }
        let load = try RunningTudy(
            TudyProcess.binary.deletingLastPathComponent().appendingPathComponent("tudy-load"),
            ["--server", firstURL, "--server", secondURL, "--clients", "50", "--messages", "1000", "--rate", "2", "--drain", "20"])
        defer { load.stop() }
        load.waitFor("halfway", seconds: 60)
        first.stop()
        #expect(load.finish() == 0, "tudy-load:\n\(load.text)")
        #expect(load.text.contains("sent 1000 failed 0 delivered 10000 lost 0 duplicated 0"), "\(load.text)")
    }
}
