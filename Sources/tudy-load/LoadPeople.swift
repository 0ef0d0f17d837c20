import Foundation
import TudyCore
import TudyWire
import TudyRemote

/// Makes the simulated people: a connection each, to the servers in turn, and an account each.
struct LoadPeople {
    let servers: [String]
    /// Starts every name, so that runs on one store do not collide.
    let prefix: String

    /// A connected store for client `index`: its own server first, the others to fall back to.
    func connect(_ index: Int) async throws -> RemoteChatStore {
        let first = server(of: index)
        let store = RemoteChatStore(urls: Array(servers[first...] + servers[..<first]))
        try await store.connect()
        return store
    }

    /// Which of `servers` client `index` connects to first.
    func server(of index: Int) -> Int { index % servers.count }

    func name(_ index: Int) -> String { "\(prefix)-\(index)" }

    /// `count` connections that listen for changes, each with `subscriptions` streams of
    /// them, signed in as few people as the server's limit of subscriptions a user allows;
    /// never returns.
    func holdIdle(_ count: Int, subscriptions: Int = 1) async throws {
        let each = max(subscriptions, 1)
        let connectionsPerPerson = max(ServerLimits.subscriptionsPerUser / each, 1)
        var sessions: [Session] = []
        var held: [(RemoteChatStore, [AsyncStream<StoreChange>])] = []
        for index in 0..<max(count, 1) {
            let store = try await connect(index)
            let person = index / connectionsPerPerson
            let session: Session
            if person < sessions.count {
                session = try await store.resume(sessions[person].token)
            } else {
                session = try await store.signUp(name: name(person), password: "load-password")
                sessions.append(session)
            }
            var streams: [AsyncStream<StoreChange>] = []
            for _ in 0..<each { streams.append(try await store.changes(for: session)) }
            held.append((store, streams))
        }
        FileHandle.standardOutput.write(Data("idle \(held.count)\n".utf8))
        while true { try await Task.sleep(for: .seconds(3600)) }
    }
}
