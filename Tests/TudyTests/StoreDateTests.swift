import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudySQLite

/// The store's dates as text: `YYYY-MM-DD HH:MM:SS.SSS` in UTC, which sorts as the dates do
/// and reads back to the same millisecond.
@Suite("Store dates")
struct StoreDateTests {
    @Test("a date is written in UTC to the millisecond, each field padded with zeros", arguments: [
        (0.0, "1970-01-01 00:00:00.000"),
        (1_795_000_000.123, "2026-11-18 11:06:40.123"),
        (951_782_400.5, "2000-02-29 00:00:00.500"),
        (-1.0, "1969-12-31 23:59:59.000"),
        (253_402_300_799.999, "9999-12-31 23:59:59.999"),
        (-62_135_596_800.0, "0001-01-01 00:00:00.000"),
    ])
    func text(seconds: Double, expected: String) {
        #expect(StoreDate.text(Date(timeIntervalSince1970: seconds)) == expected)
    }

    @Test("a year past 9999 keeps all its digits, as before; the text still reads back")
    func yearPastFourDigits() {
        let date = Date(timeIntervalSince1970: 253_402_300_800)
        #expect(StoreDate.text(date) == "10000-01-01 00:00:00.000")
    }

    @Test("seeded dates from 1900 to 2255 are written as the interpolated form writes them, and sort as they do")
    func sameAsInterpolated() {
        var generator = SeededGenerator(seed: 1_795)
        var earlier: (Date, String)?
        for step in 0..<5_000 {
            let milliseconds = Int64.random(in: -2_208_988_800_000...9_000_000_000_000, using: &generator)
            let date = Date(timeIntervalSince1970: Double(milliseconds) / 1000)
            let text = StoreDate.text(date)
            #expect(text == StoreDate.paddedText(CivilTime(date)), "step \(step)")
            if let (before, beforeText) = earlier, before != date {
                #expect((before < date) == (beforeText < text), "step \(step): \(beforeText) and \(text)")
            }
            earlier = (date, text)
        }
    }
}
