import Foundation

/// A time as people type it for something to come (a session, a scheduled message, a poll's
/// close): `sat 10:00`, `tomorrow 19:30`, `2026-12-05 10:00`, `12-05 10:00`, `19:30`,
/// `in 90m`, `in 1h30m`. It is read in the local time zone, given as its offset from UTC at a
/// moment (so daylight saving is kept), and is an instant from then on.
package enum TypedTime {
    /// The instant `text` names, after `now`.
    /// - Parameter utcOffset: seconds east of UTC at a moment, in the zone the text is read in.
    /// - Throws: `TypedTimeError`, saying what would work.
    package static func parse(_ text: String, now: Date, utcOffset: (Date) -> Int) throws(TypedTimeError) -> Date {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        guard let last = words.last else { throw .unreadable(text) }
        if words.first == "in" {
            guard words.count > 1, let wait = TypedDuration.parse(words.dropFirst().joined()) else { throw .unreadable(text) }
            return now.addingTimeInterval(TimeInterval(wait.components.seconds))
        }
        let (hour, minute) = try clock(last, in: text)
        let today = CivilTime(now, utcOffset: utcOffset(now))
        let day = words.dropLast()
        let moment: Date
        switch day.count {
        case 0:
            // A time alone is the next one: today's, or tomorrow's once it is past.
            let todays = instant(of: at(today, plus: 0, hour, minute), utcOffset: utcOffset)
            moment = todays > now ? todays : instant(of: at(today, plus: 1, hour, minute), utcOffset: utcOffset)
        case 1:
            moment = try instant(of: date(day[0], today: today, hour, minute, now: now, utcOffset: utcOffset, in: text), utcOffset: utcOffset)
        default:
            throw .unreadable(text)
        }
        guard moment > now else { throw .past(text.trimmingCharacters(in: .whitespaces)) }
        return moment
    }

    /// The moment local fields name in a zone whose offset may change: the offset is the one in
    /// force then, found from a first guess and checked once more (a day of a change moves it).
    package static func instant(of local: CivilTime, utcOffset: (Date) -> Int) -> Date {
        let guess = local.date(utcOffset: utcOffset(local.date()))
        return local.date(utcOffset: utcOffset(guess))
    }

    private static let weekdays: [String: Int] = [
        "sun": 0, "sunday": 0, "mon": 1, "monday": 1, "tue": 2, "tues": 2, "tuesday": 2, "wed": 3, "wednesday": 3,
        "thu": 4, "thur": 4, "thurs": 4, "thursday": 4, "fri": 5, "friday": 5, "sat": 6, "saturday": 6,
    ]

    /// `HH:MM` or `H:MM`. - Throws: `.badClock` for one out of range, `.unreadable` for no clock.
    private static func clock(_ word: String, in text: String) throws(TypedTimeError) -> (Int, Int) {
        let parts = word.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            let hour = Int(parts[0]), let minute = Int(parts[1]), parts.allSatisfy({ $0.allSatisfy(\.isASCII) })
        else { throw word.contains(":") ? .badClock(word) : .unreadable(text) }
        guard (0...23).contains(hour), (0...59).contains(minute) else { throw .badClock(word) }
        return (hour, minute)
    }

    /// The local day a word names, at the clock given: `today`, `tomorrow`, a weekday (the next
    /// one whose time is still to come), `YYYY-MM-DD` or `MM-DD` (this year's, or next year's
    /// once it is past).
    private static func date(
        _ word: String, today: CivilTime, _ hour: Int, _ minute: Int, now: Date, utcOffset: (Date) -> Int, in text: String
    ) throws(TypedTimeError) -> CivilTime {
        switch word {
        case "today": return at(today, plus: 0, hour, minute)
        case "tomorrow": return at(today, plus: 1, hour, minute)
        default: break
        }
        if let weekday = weekdays[word] {
            let ahead = (weekday - Self.weekday(of: today) + 7) % 7
            let that = at(today, plus: ahead, hour, minute)
            return instant(of: that, utcOffset: utcOffset) > now ? that : at(today, plus: ahead + 7, hour, minute)
        }
        let fields = word.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(fields.count), fields.allSatisfy({ $0 != nil }), word.allSatisfy({ $0.isASCII }) else {
            throw .unreadable(text)
        }
        let numbers = fields.map { $0! }
        let (month, day) = (numbers[numbers.count - 2], numbers[numbers.count - 1])
        var year = numbers.count == 3 ? numbers[0] : today.year
        guard isDate(year, month, day) else { throw .badDate(word) }
        var that = CivilTime(year: year, month: month, day: day, hour: hour, minute: minute)
        if numbers.count == 2, instant(of: that, utcOffset: utcOffset) <= now {
            year += 1
            guard isDate(year, month, day) else { throw .badDate(word) }
            that.year = year
        }
        return that
    }

    /// `days` after the local day `today`, at a clock.
    private static func at(_ today: CivilTime, plus days: Int, _ hour: Int, _ minute: Int) -> CivilTime {
        let day = CivilTime(CivilTime(year: today.year, month: today.month, day: today.day).date().addingTimeInterval(TimeInterval(days * 86_400)))
        return CivilTime(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute)
    }

    /// 0 for Sunday to 6 for Saturday; 1970-01-01 was a Thursday.
    private static func weekday(of day: CivilTime) -> Int {
        let days = Int((CivilTime(year: day.year, month: day.month, day: day.day).date().timeIntervalSince1970 / 86_400).rounded(.down))
        return ((days + 4) % 7 + 7) % 7
    }

    private static func isDate(_ year: Int, _ month: Int, _ day: Int) -> Bool {
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return false }
        let back = CivilTime(CivilTime(year: year, month: month, day: day).date())
        return back.year == year && back.month == month && back.day == day
    }
}

/// A length of time as people type it: `90m`, `2h`, `1h30m`; at least a minute, at most
/// `TypedDuration.longest`.
package enum TypedDuration {
    /// The longest length taken: a year.
    package static let longest = Duration.seconds(366 * 86_400)

    /// The length `text` names; nil when it names none.
    package static func parse(_ text: String) -> Duration? {
        var rest = Substring(text.lowercased())
        var seconds = 0
        var units: [Character] = []
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard (1...6).contains(digits.count), let number = Int(digits), let unit = rest.dropFirst(digits.count).first,
                let size = ["h": 3600, "m": 60][unit], !units.contains(unit), units.last != "m"
            else { return nil }
            units.append(unit)
            seconds += number * size
            rest = rest.dropFirst(digits.count + 1)
        }
        let length = Duration.seconds(seconds)
        guard seconds >= 60, length <= longest else { return nil }
        return length
    }
}

/// What is wrong with a time typed.
package enum TypedTimeError: UserFacingError, Equatable {
    case unreadable(String)
    case badClock(String)
    case badDate(String)
    case past(String)

    package var message: String {
        switch self {
        case .unreadable(let text): "'\(text)' is not a time: try sat 10:00, tomorrow 19:30, 2026-12-05 10:00 or in 90m"
        case .badClock(let clock): "\(clock) is not a time of day: use HH:MM, from 00:00 to 23:59"
        case .badDate(let date): "\(date) is not a date: use YYYY-MM-DD, or MM-DD for this year"
        case .past(let text): "\(text) is past: give a time still to come"
        }
    }

    package var code: String {
        switch self {
        case .unreadable: "unreadable_time"
        case .badClock: "bad_clock"
        case .badDate: "bad_date"
        case .past: "time_past"
        }
    }
}
