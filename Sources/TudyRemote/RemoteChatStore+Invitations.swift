import TudyCore

// `/invite`, and the invitations that wait for an answer (`/invites`, `/accept`, `/decline`).
extension RemoteChatStore {
    package func invite(_ invitee: User, to roomID: Int, by session: Session) async throws -> InviteOutcome {
        let reply = try await call(.invite, session) { $0.name = invitee.name; $0.roomID = roomID }
        let room = try field(reply.room, .invite)
        return reply.asked == true ? .asked(room) : .admitted(room)
    }

    package func invitations(for session: Session) async throws -> [Invitation] {
        try require(.invitations, for: "invitations")
        return try field(try await call(.invitations, session).invitations, .invitations)
    }

    package func acceptInvitation(_ id: Int, by session: Session) async throws -> Room {
        try require(.invitations, for: "invitations")
        return try field(try await call(.acceptInvitation, session) { $0.invitationID = id }.room, .acceptInvitation)
    }

    package func declineInvitation(_ id: Int, by session: Session) async throws {
        try require(.invitations, for: "invitations")
        _ = try await call(.declineInvitation, session) { $0.invitationID = id }
    }
}
