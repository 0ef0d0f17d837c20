import ArgumentParser
import Foundation
import TudyEventLoops
import TudyCore
import TudyRemote

/// `tudy-load`: simulated people chatting over real WebSockets, to measure a tudy server.
@main
struct LoadTest: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tudy-load",
        abstract: "Simulated clients chat through tudy servers; prints what was sent, delivered, lost and repeated, and delivery latency.",
        discussion: """
            Signs up --clients people (spread over the servers in turn), puts them in group rooms of --room-size, \
            and has each send at --rate messages a second until --messages are sent in all. Exits 1 when a \
            message was lost or delivered twice. With --idle N it opens N signed-in connections that only listen, \
            prints "idle N", and waits to be stopped.
            """)

    @Option(name: .customLong("server"), help: "A server's ws:// address; give several to spread the clients.")
    var servers: [String]

    @Option(help: "How many clients chat.")
    var clients = 2

    @Option(help: "How many messages they send in all.")
    var messages = 1000

    @Option(help: "Messages a second each client sends.")
    var rate = 50.0

    @Option(name: .customLong("room-size"), help: "People in each room.")
    var roomSize = 10

    @Option(help: "Seconds to wait for deliveries once sending ends.")
    var drain = 10.0

    @Option(help: "Open this many listening connections and hold them, instead of chatting.")
    var idle: Int?

    @Option(name: .customLong("subscriptions-each"), help: "With --idle: how many subscriptions each connection holds.")
    var subscriptionsEach = 1

    func validate() throws {
        if servers.isEmpty { throw ValidationError("give a server: --server ws://HOST:PORT") }
        if clients < 2 || roomSize < 2 { throw ValidationError("a room needs two people: --clients and --room-size of 2 or more") }
        if rate <= 0 { throw ValidationError("--rate must be above 0") }
    }

    func run() async throws {
        EventLoopsAsGlobalExecutor.install()
        let people = LoadPeople(servers: servers, prefix: "load" + String(UInt32.random(in: 0 ... .max), radix: 36))
        if let idle {
            try await people.holdIdle(idle, subscriptions: subscriptionsEach)
            return
        }
        let run = try await LoadRun.prepare(people: people, clients: clients, roomSize: roomSize)
        let report = try await run.chat(messages: messages, rate: rate, drain: .seconds(drain))
        FileHandle.standardOutput.write(Data((report.line + "\n").utf8))
        if report.lost > 0 || report.duplicated > 0 { throw ExitCode(1) }
    }
}
