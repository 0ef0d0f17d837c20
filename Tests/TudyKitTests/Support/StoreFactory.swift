import Foundation

@testable import TudyKit

/// Makes a fresh, empty store of one kind, so the contract suite runs against every store.
struct StoreFactory: Sendable, CustomTestStringConvertible {
    let name: String
    let make: @Sendable () throws -> any ChatStore

    var testDescription: String { name }

    static let memory = StoreFactory(name: "in-memory") { TestApp.memoryStore() }

    /// Every store tudy has.
    static let all: [StoreFactory] = [memory]
}

import Testing
