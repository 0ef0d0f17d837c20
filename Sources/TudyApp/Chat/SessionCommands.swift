import TudyCore

/// What `/session` does: adds a session at a time as typed, or cancels one.
enum SessionAction: Equatable {
    /// `<when> [for <length>] [weekly]`, read against the clock where the room is.
    case add(when: String, length: String?, weekly: Bool)
    case cancel(Int)

    init(_ text: String) throws {
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        if words.first?.lowercased() == "cancel" {
            guard words.count == 2, let id = Int(words[1].hasPrefix("#") ? String(words[1].dropFirst()) : words[1]) else {
                throw CommandError.badArgument("cancel takes a session's number", usage: "/session cancel #n")
            }
            self = .cancel(id)
            return
        }
        let weekly = words.last?.lowercased() == "weekly"
        if weekly { words.removeLast() }
        var length: String?
        if let index = words.lastIndex(where: { $0.lowercased() == "for" }) {
            guard index == words.count - 2 else {
                throw CommandError.badArgument("for takes a length, as in for 2h or for 90m", usage: "/session sat 10:00 for 2h weekly")
            }
            length = words[index + 1]
            words.removeSubrange(index...)
        }
        guard !words.isEmpty else {
            throw CommandError.badArgument("say when it meets", usage: "/session sat 10:00 for 2h weekly")
        }
        self = .add(when: words.joined(separator: " "), length: length, weekly: weekly)
    }
}

extension RoomCommand {
    /// `/attendance`'s weeks: 1 to `Attendance.longestRoll`, `Attendance.usualRoll` unless given.
    static func weeks(_ text: String?) throws -> Int {
        guard let text else { return Attendance.usualRoll }
        guard let weeks = Int(text), (1...Attendance.longestRoll).contains(weeks) else {
            throw CommandError.badArgument("the roll goes back 1 to \(Attendance.longestRoll) weeks", usage: "/attendance [weeks]")
        }
        return weeks
    }
}

/// What `/rsvp` does: shows who said what, or answers for the next session or session #n.
enum RSVPAction: Equatable {
    case show
    case answer(sessionID: Int?, StudySession.Reply)

    init(_ text: String?) throws {
        guard let text else {
            self = .show
            return
        }
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        let usage = "/rsvp [#n] yes|no|maybe"
        guard let last = words.last, let reply = StudySession.Reply(rawValue: last) else {
            throw CommandError.badArgument("answer yes, no or maybe", usage: usage)
        }
        switch words.count {
        case 1: self = .answer(sessionID: nil, reply)
        case 2:
            guard let id = Int(words[0].hasPrefix("#") ? String(words[0].dropFirst()) : words[0]) else {
                throw CommandError.badArgument("a session is named by its number, as in #3", usage: usage)
            }
            self = .answer(sessionID: id, reply)
        default: throw CommandError.badArgument("give a session's number and an answer, no more", usage: usage)
        }
    }
}
