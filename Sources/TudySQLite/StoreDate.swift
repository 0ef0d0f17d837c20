import Foundation
import GRDB
import TudyKit

/// Dates in the store: UTC text a person can read in `sqlite3`, `2026-11-21 22:15:03.120`,
/// which is also the form GRDB and SQLite's date functions read.
enum StoreDate {
    static func text(_ date: Date) -> String {
        let time = CivilTime(date)
        guard (0...9999).contains(time.year) else { return paddedText(time) }
        // Digit by digit into the string's own bytes: each send and each session check writes
        // the time, and interpolating seven padded numbers was most of what a check cost.
        return String(unsafeUninitializedCapacity: 23) { text in
            func put(_ value: Int, width: Int, at end: Int) {
                var rest = value
                for index in stride(from: end - 1, through: end - width, by: -1) {
                    text[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            put(time.year, width: 4, at: 4)
            text[4] = UInt8(ascii: "-")
            put(time.month, width: 2, at: 7)
            text[7] = UInt8(ascii: "-")
            put(time.day, width: 2, at: 10)
            text[10] = UInt8(ascii: " ")
            put(time.hour, width: 2, at: 13)
            text[13] = UInt8(ascii: ":")
            put(time.minute, width: 2, at: 16)
            text[16] = UInt8(ascii: ":")
            put(time.second, width: 2, at: 19)
            text[19] = UInt8(ascii: ".")
            put(time.millisecond, width: 3, at: 23)
            return 23
        }
    }

    /// The same text by interpolation: for a year of more than four digits (or before year 0).
    static func paddedText(_ time: CivilTime) -> String {
        "\(time.year.padded(to: 4))-\(time.month.padded(to: 2))-\(time.day.padded(to: 2)) "
            + "\(time.hour.padded(to: 2)):\(time.minute.padded(to: 2)):\(time.second.padded(to: 2))."
            + time.millisecond.padded(to: 3)
    }

    /// Reads `YYYY-MM-DD HH:MM:SS[.SSS]`; nil for anything else.
    static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 19 || bytes.count == 23 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return nil }
        let millisecond = bytes.count == 23 ? number(20..<23) : 0
        guard let millisecond else { return nil }
        return CivilTime(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second, millisecond: millisecond
        ).date()
    }

    /// A date column of a row: tudy's own form, or any form GRDB reads.
    static func column(_ row: Row, _ name: String) -> Date {
        if let text = row[name] as String?, let date = date(text) { return date }
        return row[name] as Date? ?? Date(timeIntervalSince1970: 0)
    }
}
