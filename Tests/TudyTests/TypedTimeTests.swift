import Foundation
import Testing

@testable import TudyCore

/// Times as people type them for what is to come, read in a zone with or without daylight saving.
@Suite("Typed times")
struct TypedTimeTests {
    /// Seoul: +09:00 all year.
    static let seoul: @Sendable (Date) -> Int = { _ in 9 * 3600 }
    /// New York in 2026: -04:00 until 1 November 06:00 UTC, -05:00 after.
    static let newYork: @Sendable (Date) -> Int = { $0 < utc(2026, 11, 1, 6, 0) ? -4 * 3600 : -5 * 3600 }
    /// Sunday 29 November 2026, 17:00 in Seoul.
    static let now = utc(2026, 11, 29, 8, 0)

    static func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int) -> Date {
        CivilTime(year: year, month: month, day: day, hour: hour, minute: minute).date()
    }

    static func parse(_ text: String, now: Date = now, zone: (Date) -> Int = seoul) throws(TypedTimeError) -> Date {
        try TypedTime.parse(text, now: now, utcOffset: zone)
    }

    @Test("a weekday, today, tomorrow, a date or a time alone is read in the local zone, and kept in UTC")
    func localTimes() throws {
        #expect(try Self.parse("sat 10:00") == Self.utc(2026, 12, 5, 1, 0))
        #expect(try Self.parse("Saturday 10:00") == Self.utc(2026, 12, 5, 1, 0))
        #expect(try Self.parse("  SAT   10:00 ") == Self.utc(2026, 12, 5, 1, 0))
        #expect(try Self.parse("sun 18:00") == Self.utc(2026, 11, 29, 9, 0), "today's, still to come")
        #expect(try Self.parse("sun 16:00") == Self.utc(2026, 12, 6, 7, 0), "today's is past: next week's")
        #expect(try Self.parse("tomorrow 19:30") == Self.utc(2026, 11, 30, 10, 30))
        #expect(try Self.parse("today 23:59") == Self.utc(2026, 11, 29, 14, 59))
        #expect(try Self.parse("2026-12-05 10:00") == Self.utc(2026, 12, 5, 1, 0))
        #expect(try Self.parse("12-05 10:00") == Self.utc(2026, 12, 5, 1, 0))
        #expect(try Self.parse("11-01 10:00") == Self.utc(2027, 11, 1, 1, 0), "this year's is past: next year's")
        #expect(try Self.parse("19:30") == Self.utc(2026, 11, 29, 10, 30))
        #expect(try Self.parse("9:00") == Self.utc(2026, 11, 30, 0, 0), "past today: tomorrow's")
        #expect(try Self.parse("mon 00:30") == Self.utc(2026, 11, 29, 15, 30), "Monday in Seoul is still Sunday in UTC")
    }

    @Test("in a length of time: from now, in hours and minutes")
    func fromNow() throws {
        #expect(try Self.parse("in 90m") == Self.now.addingTimeInterval(5400))
        #expect(try Self.parse("in 1h30m") == Self.now.addingTimeInterval(5400))
        #expect(try Self.parse("in 1h 30m") == Self.now.addingTimeInterval(5400))
        #expect(try Self.parse("in 2h") == Self.now.addingTimeInterval(7200))
        #expect(TypedDuration.parse("50m") == .seconds(3000))
        for bad in ["0m", "30s", "90", "m", "1m1h", "1h1h", "-5m", "9999999m", "1.5h", "٣m"] {
            #expect(TypedDuration.parse(bad) == nil, "\(bad)")
        }
        #expect(TypedDuration.parse("8784h") == TypedDuration.longest)
        #expect(TypedDuration.parse("8785h") == nil)
    }

    @Test("across a change of daylight saving, a local time keeps its clock: its UTC moves")
    func daylightSaving() throws {
        let friday = Self.utc(2026, 10, 30, 12, 0)  // 08:00 in New York, summer time
        #expect(try Self.parse("sat 10:00", now: friday, zone: Self.newYork) == Self.utc(2026, 10, 31, 14, 0))
        #expect(try Self.parse("mon 10:00", now: friday, zone: Self.newYork) == Self.utc(2026, 11, 2, 15, 0))
        #expect(try Self.parse("sun 12:00", now: friday, zone: Self.newYork) == Self.utc(2026, 11, 1, 17, 0), "the day of the change")
        #expect(try Self.parse("in 3h", now: friday, zone: Self.newYork) == Self.utc(2026, 10, 30, 15, 0))
    }

    @Test("what is no time says what would work: a clock out of range, no such date, a time past, words")
    func refusals() {
        #expect(throws: TypedTimeError.badClock("25:00")) { try Self.parse("sat 25:00") }
        #expect(throws: TypedTimeError.badClock("10:60")) { try Self.parse("sat 10:60") }
        #expect(throws: TypedTimeError.badClock("10:5")) { try Self.parse("10:5") }
        #expect(throws: TypedTimeError.badDate("2027-02-29")) { try Self.parse("2027-02-29 10:00") }
        #expect(throws: TypedTimeError.badDate("13-01")) { try Self.parse("13-01 10:00") }
        #expect(throws: TypedTimeError.badDate("2026-12")) { try Self.parse("2026-12 10:00") }
        #expect(throws: TypedTimeError.past("2026-11-01 10:00")) { try Self.parse("2026-11-01 10:00") }
        #expect(throws: TypedTimeError.past("today 09:00")) { try Self.parse("today 09:00") }
        for words in ["", "noon", "sat", "someday 10:00", "in", "in soon", "sat next 10:00"] {
            #expect(throws: TypedTimeError.unreadable(words)) { try Self.parse(words) }
        }
        #expect(TypedTimeError.badClock("25:00").message == "25:00 is not a time of day: use HH:MM, from 00:00 to 23:59")
    }
}
