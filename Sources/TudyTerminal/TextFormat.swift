import Foundation
import TudyCore

/// How dates, messages and posts are written as lines, in one time zone.
package struct TextFormat: Sendable {
    /// Seconds east of UTC at a moment, e.g. 32400 in Seoul: the zone a typed time is read in too.
    package let utcOffset: @Sendable (Date) -> Int

    package init(utcOffset: @escaping @Sendable (Date) -> Int) {
        self.utcOffset = utcOffset
    }

    /// Dates as UTC shows them.
    package static let utc = TextFormat { _ in 0 }

    private func local(_ date: Date) -> CivilTime {
        CivilTime(date, utcOffset: utcOffset(date))
    }

    /// `2026-11-21`
    package func day(_ date: Date) -> String {
        let time = local(date)
        return "\(time.year.padded(to: 4))-\(time.month.padded(to: 2))-\(time.day.padded(to: 2))"
    }

    /// `22:15`
    package func time(_ date: Date) -> String {
        let time = local(date)
        return "\(time.hour.padded(to: 2)):\(time.minute.padded(to: 2))"
    }

    /// `Sat 12-05 10:00`, a meeting's start.
    package func meeting(_ date: Date) -> String {
        let time = local(date)
        let days = Int((CivilTime(year: time.year, month: time.month, day: time.day).date().timeIntervalSince1970 / 86_400).rounded(.down))
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((days % 7) + 7) % 7]
        return "\(weekday) \(time.month.padded(to: 2))-\(time.day.padded(to: 2)) \(time.hour.padded(to: 2)):\(time.minute.padded(to: 2))"
    }

    /// `[11-21 22:15]`, a message's time stamp.
    package func stamp(_ date: Date) -> String {
        let time = local(date)
        return "[\(time.month.padded(to: 2))-\(time.day.padded(to: 2)) \(time.hour.padded(to: 2)):\(time.minute.padded(to: 2))]"
    }

    /// A message's text as shown: marked when edited, a marker alone when deleted, and its
    /// reactions after it.
    package func body(_ message: Message) -> String {
        let said =
            switch message.status {
            case .sent: message.text
            case .edited: message.text + " (edited)"
            case .deleted: "(message deleted)"
            }
        return said + Self.reactionTag(message.reactions)
    }

    /// ` [👍 2 ❤ 1]` after a message's text; nothing when it has none. An emoji and its count
    /// are held together by a no-break space, so that a wrapped line never parts them.
    static func reactionTag(_ reactions: [Reaction]) -> String {
        reactions.isEmpty ? "" : " [" + reactions.map { "\($0.emoji)\u{00A0}\($0.count)" }.joined(separator: " ") + "]"
    }

    /// ` · 2 unread` after a message: how many members have not read it yet, KakaoTalk's
    /// way; nothing when all have. No-break spaces hold it together on a wrapped line.
    static func unreadTag(_ count: Int) -> String {
        count > 0 ? " ·\u{00A0}\(count)\u{00A0}unread" : ""
    }

    /// The line above a reply: whom it answers and the first words of what they said
    /// (`↳ bob: Are you joining on…`), or that it was unsent.
    package func quoteLine(_ quote: Quote) -> String {
        "↳ \(quote.sender.name): " + (quote.status == .deleted ? "(message deleted)" : Self.preview(quote.text, length: 50))
    }

    /// A message's text on one line, cut to `length` characters with `…`.
    package static func preview(_ text: String, length: Int) -> String {
        let line = text.replacingOccurrences(of: "\n", with: " ")
        return line.count > length ? String(line.prefix(length - 1)) + "…" : line
    }

    /// A post's state as a word: `open`, `full` (open, with no place left) or `closed`.
    static func state(of project: Project) -> String {
        project.isOpen ? (project.isFull ? "full" : "open") : "closed"
    }

    /// A post shown whole: title, state, writer, a blank line, the body.
    package func postLines(_ project: Project) -> [String] {
        [
            "#\(project.id) \(project.title)",
            "\(Self.state(of: project)) · members \(project.memberCount)/\(project.capacity) · work: \(project.works.joined(separator: ", "))",
            "by \(project.writer.name) on \(day(project.createdAt))",
            "",
        ] + project.body.components(separatedBy: "\n")
    }

    /// `bob · joined 2026-11-20 · rooms you share: @bob, group #4`
    package func profileLine(_ profile: UserProfile, sharedRooms: [Room], viewer: User) -> String {
        let joined = profile.joinedAt.map { "joined " + day($0) } ?? "joined before tudy kept the day"
        let rooms = sharedRooms.isEmpty
            ? "no room you share" : "rooms you share: " + sharedRooms.map { $0.title(for: viewer) }.joined(separator: ", ")
        return [profile.user.name, joined, rooms].joined(separator: " · ")
    }

    /// The cells of a rooms list's row: `#2`, `Swift study: chapter 3`, `(alice, bob)`,
    /// `[3 unread]` (`[3 unread, muted]`), the last message.
    package func roomCells(_ summary: RoomSummary, for viewer: User, muted: Bool = false) -> [String] {
        [
            "#\(summary.room.id)", summary.room.title(for: viewer) + (summary.room.topic.map { ": " + Self.preview($0, length: 30) } ?? ""),
            "(\(summary.room.memberList))",
            summary.unreadCount > 0 ? "[\(summary.unreadText) unread\(muted ? ", muted" : "")]" : (muted ? "[muted]" : ""),
            summary.lastMessage.map { "\($0.kind == .action ? "* \($0.sender.name) " : "\($0.sender.name): ")\(Self.preview(body($0), length: 40))" } ?? "",
        ]
    }

    /// The cells of a post list's row: `#3`, `open`, `1/4`, `Swift study`, `[ios, backend]`, `by alice`.
    package func projectCells(_ project: Project) -> [String] {
        [
            "#\(project.id)", Self.state(of: project), "\(project.memberCount)/\(project.capacity)", project.title,
            "[\(project.works.joined(separator: ", "))]", "by \(project.writer.name)",
        ]
    }
}
