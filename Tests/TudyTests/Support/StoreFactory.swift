import Foundation

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
import TudySQLite

/// Makes a fresh, empty store of one kind, so the contract suite runs against every store.
struct StoreFactory: Sendable, CustomTestStringConvertible {
    let name: String
    /// Opens a local store an operator can seed; nil for a store reached over the network.
    let openLocal: (@Sendable (WallClock) async throws -> any SeedableStore)?
    /// Opens the store as a client sees it, over `clock`.
    let open: @Sendable (WallClock) async throws -> any ChatStore

    var testDescription: String { name }

    /// A new store on the tests' stepping clock.
    func make(clock: WallClock = .stepping(from: TestApp.start)) async throws -> any ChatStore {
        try await open(clock)
    }

    /// A new local store that takes seeds. - Precondition: the store is a local one.
    func makeSeedable() async throws -> any SeedableStore {
        try await openLocal!(.stepping(from: TestApp.start))
    }

    private static func local(
        name: String, _ openLocal: @escaping @Sendable (WallClock) async throws -> any SeedableStore
    ) -> StoreFactory {
        StoreFactory(name: name, openLocal: openLocal, open: { try await openLocal($0) })
    }

    static let memory = local(name: "in-memory") { clock in
        InMemoryChatStore(clock: clock, hasher: Argon2idPasswordHasher(cost: .testing))
    }

    /// A SQLite store in a new temporary directory of its own.
    static let sqlite = local(name: "SQLite") { clock in
        try SQLiteChatStore(
            path: TemporaryDirectory.make().appendingPathComponent("tudy.sqlite").path,
            clock: clock, hasher: Argon2idPasswordHasher(cost: .testing))
    }

    /// A PostgreSQL store in a new database of its own, on the cluster scripts/test starts.
    static let postgres = local(name: "PostgreSQL") { clock in
        try await PostgresTestCluster.newStore(clock: clock)
    }

    /// A remote store, through a server started in the test on an in-memory store. Each
    /// session signed in has a connection of its own, and a test signs in up to a few hundred
    /// people, all from this machine's address.
    static let remote = StoreFactory(name: "remote", openLocal: nil) { clock in
        let server = try await TestServer.start(
            InMemoryChatStore(clock: clock, hasher: Argon2idPasswordHasher(cost: .testing)), connectionsPerAddress: 1_000)
        return try await server.client()
    }

    /// The stores an operator can seed.
    static let seedable = QuickRun.keeping([memory, sqlite, postgres]) { $0.name == postgres.name }

    /// Every store tudy has.
    static let all = QuickRun.keeping([memory, sqlite, postgres, remote]) { $0.name == postgres.name }
}

import Testing

/// The sessions of alice, bob and carol, each signed up on a store under test.
struct Cast {
    let alice, bob, carol: Session
}

extension StoreFactory {
    /// A new store with alice, bob and carol signed up, each with the password `password-NAME`.
    func makeWithCast() async throws -> (any ChatStore, Cast) {
        let store = try await make()
        var sessions: [Session] = []
        for name in ["alice", "bob", "carol"] {
            sessions.append(try await store.signUp(name: name, password: "password-\(name)"))
        }
        return (store, Cast(alice: sessions[0], bob: sessions[1], carol: sessions[2]))
    }

    /// A new store with alice, bob and carol signed up (as `makeWithCast`), and a group room
    /// of the three that alice made from her 1:1 room with bob.
    func makeWithCastInGroup() async throws -> (any ChatStore, Cast, Room) {
        let (store, s) = try await makeWithCast()
        let direct = try await store.directRoom(between: s.alice, and: s.bob.user)
        return (store, s, try await store.bringIn(s.carol, to: direct.id, by: s.alice))
    }

    /// A new store with four people (`reader0` to `reader3`) in one group room, for tests of
    /// several acting at once.
    func makeWithGroupOfFour() async throws -> (store: any ChatStore, people: [Session], room: Room) {
        let store = try await make()
        var people: [Session] = []
        for index in 0..<4 { people.append(try await store.signUp(name: "reader\(index)", password: "password-reader")) }
        let first = try await store.directRoom(between: people[0], and: people[1].user)
        let group = try await store.bringIn(people[2], to: first.id, by: people[0])
        return (store, people, try await store.bringIn(people[3], to: group.id, by: people[0]))
    }
}
