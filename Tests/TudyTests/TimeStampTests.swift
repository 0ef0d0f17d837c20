import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

@Suite("Time stamps of a seed file")
struct TimeStampTests {
    @Test("a day the month does not have is no time stamp: the 31st of a 30-day month, February past its 28th or, in a leap year, its 29th")
    func daysOfEachMonth() {
        let valid = [
            "2026-01-31T00:00:00Z", "2026-04-30T00:00:00Z", "2026-02-28T23:59:59Z", "2024-02-29T00:00:00Z",
            "2000-02-29T00:00:00Z", "2026-12-31T09:30:00.250+09:00",
        ]
        for text in valid { #expect(TimeStamp.date(fromISO8601: text) != nil, "\(text) is a day") }
        let invalid = [
            "2026-02-31T09:30:00Z", "2026-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2026-04-31T00:00:00Z",
            "2026-06-31T00:00:00Z", "2026-09-31T00:00:00Z", "2026-11-31T00:00:00Z", "2026-01-32T00:00:00Z",
            "2026-01-00T00:00:00Z", "2026-13-01T00:00:00Z",
        ]
        for text in invalid { #expect(TimeStamp.date(fromISO8601: text) == nil, "\(text) is no day") }
    }

    @Test("a seed file with such a day is refused in one line naming the field, not moved to the next month")
    func seedRefusesImpossibleDay() {
        let json = #"""
            {"users": [], "projects": [{"title": "t", "works": ["ios"], "capacity": 2, "body": "b", "writer": "ann",
             "is_open": true, "created_at": "2026-02-31T09:30:00Z"}], "rooms": []}
            """#
        #expect(throws: StoreError.invalidFixture(
            "'2026-02-31T09:30:00Z' is not a date such as 2026-11-21T09:30:00Z at .projects[0].created_at")
        ) { try Fixture.decode(Data(json.utf8)) }
    }
}
