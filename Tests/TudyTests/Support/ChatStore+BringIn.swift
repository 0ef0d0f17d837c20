@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

extension ChatStore {
    /// Brings someone into a room as people do: the invite and, when they are asked (they
    /// share no group room with the inviter), their yes. Returns the room as it is then.
    func bringIn(_ invitee: Session, to roomID: Int, by session: Session) async throws -> Room {
        let outcome = try await invite(invitee.user, to: roomID, by: session)
        guard case .asked(let room) = outcome else { return outcome.room }
        guard let invitation = try await invitations(for: invitee).first(where: { $0.roomID == room.id }) else { return room }
        return try await acceptInvitation(invitation.id, by: invitee)
    }
}
