import Foundation

/// A moment as calendar fields in a fixed UTC offset, by arithmetic alone.
///
/// `Calendar` would do the same, but it loads ICU's data, which doubles tudy's
/// start-up memory; the proleptic Gregorian calendar needs no tables.
package struct CivilTime: Equatable, Sendable {
    package var year: Int
    package var month: Int
    package var day: Int
    package var hour: Int
    package var minute: Int
    package var second: Int
    package var millisecond: Int

    package init(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0) {
        self.year = year
        self.month = month
        self.day = day
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }

    /// The fields of `date` at `utcOffset` seconds east of UTC.
    package init(_ date: Date, utcOffset: Int = 0) {
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down)) + utcOffset * 1000
        let (days, millisecondOfDay) = Self.floorDivide(milliseconds, 86_400_000)
        // H. Hinnant's civil_from_days.
        let shifted = days + 719_468
        let era = Self.floorDivide(shifted, 146_097).quotient
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        hour = millisecondOfDay / 3_600_000
        minute = millisecondOfDay % 3_600_000 / 60_000
        second = millisecondOfDay % 60_000 / 1000
        millisecond = millisecondOfDay % 1000
    }

    /// The moment these fields name at `utcOffset` seconds east of UTC.
    package func date(utcOffset: Int = 0) -> Date {
        // H. Hinnant's days_from_civil.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = Self.floorDivide(shiftedYear, 400).quotient
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - utcOffset
        return Date(timeIntervalSince1970: TimeInterval(seconds) + TimeInterval(millisecond) / 1000)
    }

    private static func floorDivide(_ value: Int, _ divisor: Int) -> (quotient: Int, remainder: Int) {
        let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
        return (quotient, value - quotient * divisor)
    }
}

extension Int {
    /// `7` as `07`; wider numbers as they are.
    package func padded(to width: Int) -> String {
        let digits = String(self)
        return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }
}
