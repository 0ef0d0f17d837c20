import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
import TudySQLite

extension DeliveryModelTests {
    /// The stores a look at the list of rooms reads through: room by room (in memory), and
    /// every room in one read (SQLite, `BatchReading`).
    enum LookStore: String, CaseIterable, CustomTestStringConvertible {
        case memory, sqlite
        var testDescription: String { rawValue }

        func make() throws -> any ChatStore {
            switch self {
            case .memory: return TestApp.memoryStore()
            case .sqlite:
                let path = try TemporaryDirectory.make().appendingPathComponent("tudy.sqlite").path
                return try SQLiteChatStore(path: path, clock: .stepping(from: TestApp.start), hasher: Argon2idPasswordHasher(cost: .testing))
            }
        }
    }

    /// With a line between the two looks, the second finds where each room's unread begins
    /// afresh (`firstUnread`); without, it reads on from where the first stopped.
    @Test("/wait at the list of rooms after leaving a room that had news: the news of the rooms still hers is shown, at that look and every one after", arguments: LookStore.allCases, [false, true])
    @MainActor
    func waitAtTheRoomListAfterLeavingARoom(kind: LookStore, lineBetween: Bool) async throws {
        let store = try kind.make()
        let rita = try await store.signUp(name: "rita", password: "password-rita")
        let sam = try await store.signUp(name: "sam", password: "password-sam")
        let tom = try await store.signUp(name: "tom", password: "password-tom")
        let direct = try await store.directRoom(between: sam, and: rita.user)
        let group = try await store.bringIn(tom, to: direct.id, by: sam)
        let app = TestApp(store: store)
        try await app.app.start()
        app.context.login.session = rita
        #expect(await app.send("/chat") == [])
        _ = try await store.send("one", to: direct.id, from: sam)
        _ = try await store.send("two", to: group.id, from: sam)
        #expect(await app.send("/wait 5") == [])

        // Left with news in it, from another session of hers, between two looks.
        _ = try await store.send("three", to: direct.id, from: sam)
        _ = try await store.send("four", to: group.id, from: sam)
        try await store.leave(roomID: group.id, session: try await store.logIn(name: "rita", password: "password-rita"))
        if lineBetween { #expect(await app.send("/whoami") == []) }
        #expect(await app.send("/wait 5") == [])
        _ = try await store.send("five", to: direct.id, from: sam)
        #expect(await app.send("/wait 5") == [])

        for text in ["one", "two", "three", "five"] {
            #expect(app.output.standardOutput.components(separatedBy: "sam: \(text)\n").count == 2, "\(text) once:\n\(app.output.standardOutput)")
        }
        #expect(!app.output.standardOutput.contains("sam: four"))
        #expect(try await store.rooms(of: rita).map(\.unreadCount) == [0])
    }
}
