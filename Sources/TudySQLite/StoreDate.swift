import Foundation
import GRDB
import TudyCore

/// Dates in the store: UTC text a person can read in `sqlite3`, `2026-11-21 22:15:03.120`,
/// which is also the form GRDB and SQLite's date functions read.
enum StoreDate {
    static func text(_ date: Date) -> String {
        let time = CivilTime(date)
        guard (0...9999).contains(time.year) else { return paddedText(time) }
        // Digit by digit into the string's own bytes: each send and each session check writes
        // the time, and interpolating seven padded numbers was most of what a check cost.
        let fields: [(value: Int, width: Int, then: UInt8?)] = [
            (time.year, 4, UInt8(ascii: "-")), (time.month, 2, UInt8(ascii: "-")), (time.day, 2, UInt8(ascii: " ")),
            (time.hour, 2, UInt8(ascii: ":")), (time.minute, 2, UInt8(ascii: ":")), (time.second, 2, UInt8(ascii: ".")),
            (time.millisecond, 3, nil),
        ]
        return String(unsafeUninitializedCapacity: 23) { text in
            var end = 0
            for field in fields {
                end += field.width
                var rest = field.value
                for index in stride(from: end - 1, through: end - field.width, by: -1) {
                    text[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
                if let then = field.then {
                    text[end] = then
                    end += 1
                }
            }
            return end
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
