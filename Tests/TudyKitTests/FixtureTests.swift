import Foundation
import Testing

@testable import TudyKit

@Suite("Fixture decoding")
struct FixtureTests {
    @Test("snake_case keys decode through CodingKeys alone")
    func snakeCase() throws {
        let json = """
            {"projects": [{"title": "T", "works": ["ios"], "capacity": 2, "body": "B", "writer": "bob",
                           "is_open": true, "created_at": "2026-01-02T03:04:05Z"}]}
            """
        let fixture = try Fixture.decode(Data(json.utf8))
        #expect(fixture.projects.first?.isOpen == true)
        #expect(fixture.projects.first?.createdAt != nil)
        #expect(fixture.users.isEmpty && fixture.rooms.isEmpty)
    }

    @Test("camelCase keys are not silently accepted")
    func camelCaseRefused() {
        let json = #"{"projects": [{"title": "T", "works": [], "capacity": 2, "body": "B", "writer": "b", "isOpen": true}]}"#
        #expect(throws: StoreError.invalidFixture("missing 'is_open' at .projects[0]")) {
            try Fixture.decode(Data(json.utf8))
        }
    }

    @Test("broken JSON gets one clear line")
    func brokenJSON() {
        #expect(throws: StoreError.self) { try Fixture.decode(Data("{".utf8)) }
    }

    @Test("the sample fixture shipped under scripts/ loads")
    func sampleFixture() async throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../scripts/sample-seed.json").standardized
        let data = try #require(FileManager.default.contents(atPath: url.path))
        let store = TestApp.memoryStore()
        try await store.load(try Fixture.decode(data))
        #expect(try await store.projects(.all).count >= 3)
    }
}

@Suite("Text format")
struct TextFormatTests {
    @Test("days and times by arithmetic, in any zone", arguments: [
        (0.0, 0, "1970-01-01", "00:00"),
        (1_795_770_000, 0, "2026-11-27", "09:00"),
        (1_795_770_000, 9 * 3600, "2026-11-27", "18:00"),
        (1_795_770_000, -10 * 3600, "2026-11-26", "23:00"),
        (951_782_400, 0, "2000-02-29", "00:00"),
        (4_107_542_399, 0, "2100-02-28", "23:59"),
        (-1.0, 0, "1969-12-31", "23:59"),
    ])
    func dates(seconds: Double, offset: Int, day: String, time: String) {
        let format = TextFormat { _ in offset }
        let date = Date(timeIntervalSince1970: seconds)
        #expect(format.day(date) == day)
        #expect(format.time(date) == time)
    }
}
