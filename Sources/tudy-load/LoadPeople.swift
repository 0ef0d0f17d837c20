import Foundation
import TudyKit
import TudyRemote

/// Makes the simulated people: a connection each, to the servers in turn, and an account each.
struct LoadPeople {
    let servers: [String]
    /// Starts every name, so that runs on one store do not collide.
    let prefix: String

    /// A connected store for client `index`: its own server first, the others to fall back to.
    func connect(_ index: Int) async throws -> RemoteChatStore {
        let first = index % servers.count
        let store = RemoteChatStore(urls: Array(servers[first...] + servers[..<first]))
        try await store.connect()
        return store
    }

    func name(_ index: Int) -> String { "\(prefix)-\(index)" }

    /// `count` connections that are signed in as one person and listen for changes, each with
    /// `subscriptions` streams of them; never returns.
    func holdIdle(_ count: Int, subscriptions: Int = 1) async throws {
        let first = try await connect(0)
        let session = try await first.signUp(name: name(0), password: "load-password")
        var held: [(RemoteChatStore, [AsyncStream<StoreChange>])] = []
        for index in 0..<max(count, 1) {
            let store = index == 0 ? first : try await connect(index)
            let resumed = index == 0 ? session : try await store.resume(session.token)
            var streams: [AsyncStream<StoreChange>] = []
            for _ in 0..<max(subscriptions, 1) { streams.append(try await store.changes(for: resumed)) }
            held.append((store, streams))
        }
        FileHandle.standardOutput.write(Data("idle \(held.count)\n".utf8))
        while true { try await Task.sleep(for: .seconds(3600)) }
    }
}
