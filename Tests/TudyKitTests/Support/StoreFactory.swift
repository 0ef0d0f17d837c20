import Foundation

@testable import TudyKit
import TudySQLite

/// Makes a fresh, empty store of one kind, so the contract suite runs against every store.
struct StoreFactory: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable () throws -> any ChatStore

    var testDescription: String { name }

    static let memory = StoreFactory(name: "in-memory") { TestApp.memoryStore() }

    /// A SQLite store in a new temporary directory of its own.
    static let sqlite = StoreFactory(name: "SQLite") {
        try SQLiteChatStore(
            path: TemporaryDirectory.make().appendingPathComponent("tudy.sqlite").path,
            clock: .stepping(from: TestApp.start), hasher: Argon2idPasswordHasher(cost: .testing))
    }

    /// Every store tudy has.
    static let all: [StoreFactory] = [memory, sqlite]
}

import Testing
