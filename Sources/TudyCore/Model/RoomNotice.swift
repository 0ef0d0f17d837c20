import Foundation

/// The notice pinned to a group room (`/notice`, 공지): one at a time, replacing the last, with
/// who of the room's members has read it. Opening the room shows it to whoever has not.
package struct RoomNotice: Equatable, Sendable, Codable {
    /// The most characters a notice has: a notice is read by everyone at the top of the room,
    /// and it is kept in every reply that carries the room.
    package static let textLimit = 500

    package let text: String
    /// Who pinned it.
    package let writer: User
    package let pinnedAt: Date
    /// The members who have read it, in the room's order; its writer has.
    package var readBy: [User]

    enum CodingKeys: String, CodingKey {
        case text, writer
        case pinnedAt = "pinned_at"
        case readBy = "read_by"
    }

    package init(text: String, writer: User, pinnedAt: Date, readBy: [User]) {
        (self.text, self.writer, self.pinnedAt, self.readBy) = (text, writer, pinnedAt, readBy)
    }

    /// Whether `other` is this notice, as pinned (its readers aside): a notice pinned again,
    /// even with the same words, is a new one.
    package func isSamePin(as other: RoomNotice) -> Bool {
        text == other.text && writer == other.writer && pinnedAt == other.pinnedAt
    }

    /// Whether this person has read it.
    package func isRead(by user: User) -> Bool {
        readBy.contains { $0.isNamed(user.name) }
    }

    /// The room's members who have not read it yet, in the room's order.
    package func notYet(in room: Room) -> [User] {
        room.members.filter { !isRead(by: $0) }
    }

    /// A notice's text as a room keeps it: trimmed, one line of 1 to `textLimit` characters;
    /// nil for an empty one, which takes the notice down.
    /// - Throws: `StoreError.invalidNotice`.
    package static func checkedText(_ text: String) throws -> String? {
        try TextBounds.check(text)
        let notice = text.trimmingCharacters(in: .whitespaces)
        guard notice.count <= textLimit else {
            throw StoreError.invalidNotice("a notice has at most \(textLimit) characters: shorten it")
        }
        if let control = notice.unicodeScalars.first(where: { $0 == "\n" || $0 == "\t" || ControlCharacters.isRefused($0) }) {
            throw StoreError.invalidNotice("it must be one line with no control characters (\(ControlCharacters.name(control)) here)")
        }
        return notice.isEmpty ? nil : notice
    }

    /// Checks that `user` may pin or take down a room's notice: any member of a group room;
    /// in a post's study room, only the post's writer; never in a 1:1 room.
    /// - Parameter project: the post whose study room `room` is; nil when it is none, or the
    ///   post was deleted (its room then has no rules of its own).
    /// - Throws: `StoreError.noticeInDirectRoom`, `.onlyWriterPins`.
    package static func checkPinning(by user: User, in room: Room, project: Project?) throws {
        guard room.kind == .group else { throw StoreError.noticeInDirectRoom(room.id) }
        guard let project, room.projectID == project.id else { return }
        guard project.writer.isNamed(user.name) else {
            throw StoreError.onlyWriterPins(projectID: project.id, writer: project.writer.name)
        }
    }
}
