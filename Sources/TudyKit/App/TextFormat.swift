import Foundation

/// How dates, messages and posts are written as lines, in one time zone.
public struct TextFormat: Sendable {
    private let calendar: Calendar

    public init(timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// `2026-11-21`
    public func day(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// `22:15`
    public func time(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// `[11-21 22:15] alice: hello`
    public func message(_ message: Message) -> String {
        let day = self.day(message.sentAt).dropFirst(5)
        return "[\(day) \(time(message.sentAt))] \(message.sender.name): \(message.text)"
    }

    /// One line of a post list: `#3  open    Swift study  [ios, backend]  by alice`.
    public func projectRow(_ project: Project) -> String {
        let state = project.isOpen ? "open  " : "closed"
        return "#\(project.id)  \(state)  \(project.title)  [\(project.works.joined(separator: ", "))]  by \(project.writer.name)"
    }
}
