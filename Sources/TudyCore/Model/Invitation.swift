import Foundation

/// An invitation into a group room that waits for its invitee's answer (`/accept`,
/// `/decline`): nobody is put in a room by someone they share no group room with.
public struct Invitation: Codable, Equatable, Sendable, Identifiable {
    /// `id`: the number `/accept` and `/decline` take; `roomTitle`: how the invitee knows the
    /// room before they are in it (`Invitation.title(of:)`).
    public let id: Int, roomID: Int, roomTitle: String, inviter: User, sentAt: Date

    /// The most invitations that may wait for one person's answer: a stranger can not
    /// bury someone's list.
    package static let waitingPerInvitee = 20
    /// The most invitations one person may have waiting for answers.
    package static let waitingPerInviter = 20

    package init(id: Int, roomID: Int, roomTitle: String, inviter: User, sentAt: Date) {
        self.id = id
        self.roomID = roomID
        self.roomTitle = roomTitle
        self.inviter = inviter
        self.sentAt = sentAt
    }

    /// A room as someone outside it knows it: its name, or else who is in it.
    package static func title(of room: Room) -> String {
        room.name ?? "the group of " + room.members.map(\.name).joined(separator: ", ")
    }

    enum CodingKeys: String, CodingKey {
        case id, inviter
        case roomID = "room_id"
        case roomTitle = "room_title"
        case sentAt = "sent_at"
    }

    /// Checks that one more invitation may wait: the invitee's and the inviter's lists are
    /// bounded. - Throws: `StoreError.tooManyInvitations`, `.tooManyInvitationsSent`.
    package static func checkWaitingLists(waitingForInvitee: Int, sentByInviter: Int, invitee: User) throws {
        if waitingForInvitee >= waitingPerInvitee { throw StoreError.tooManyInvitations(invitee.name) }
        if sentByInviter >= waitingPerInviter { throw StoreError.tooManyInvitationsSent }
    }
}

/// What `/invite` did: brought the invitee in, or asked them.
public enum InviteOutcome: Equatable, Sendable {
    /// The invitee is in `room` now; a 1:1 room's invite made this new group room.
    case admitted(Room)
    /// The invitee was asked to come into `room` (an `Invitation` waits for them); a 1:1
    /// room's invite made this new group room of its two people.
    case asked(Room)

    /// The room the inviter is meant to be in now.
    public var room: Room {
        switch self {
        case .admitted(let room), .asked(let room): room
        }
    }
}
