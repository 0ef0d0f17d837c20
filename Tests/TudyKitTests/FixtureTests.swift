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
