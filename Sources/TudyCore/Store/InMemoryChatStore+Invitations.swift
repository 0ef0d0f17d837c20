import Foundation

/// `/invite` and the invitations that wait for an answer (`/invites`, `/accept`, `/decline`).
extension InMemoryChatStore {
    /// An invitation as the store keeps it.
    struct WaitingInvitation {
        let roomID: Int
        /// The invitee's name key.
        let invitee: String
        let inviter: User
        let sentAt: Date
    }

    public func invite(_ invitee: User, to roomID: Int, by session: Session) async throws -> InviteOutcome {
        let user = try user(of: session.token)
        var state = try memberState(of: roomID, user: user)
        let invitee = try knownUser(named: invitee.name)
        guard !state.room.hasMember(invitee) else { throw StoreError.alreadyMember(invitee.name) }
        let asks = !sharesGroupRoom(user, invitee)
        switch state.room.kind {
        case .direct:
            if asks {
                try checkRoomLimits(admitting: state.room.members, to: nil)
                try checkInvitationLists(for: invitee, by: user)
                let group = insertRoom(kind: .group, members: state.room.members)
                keepInvitation(of: invitee, to: group.id, by: user)
                return .asked(group)
            }
            try checkRoomLimits(admitting: state.room.members + [invitee], to: nil)
            return .admitted(insertRoom(kind: .group, members: state.room.members + [invitee]))
        case .group:
            try StudyRoom.checkInvitation(
                of: invitee, to: state.room, project: state.room.projectID.flatMap { try? project(withStudy: $0) },
                wasRemoved: state.removed.contains(Accounts.key(invitee.name)), by: user)
            if asks {
                let waiting = invitationsByID.values.contains { $0.roomID == roomID && $0.invitee == Accounts.key(invitee.name) }
                if !waiting {
                    try checkInvitationLists(for: invitee, by: user)
                    keepInvitation(of: invitee, to: roomID, by: user)
                }
                return .asked(state.room)
            }
            try checkRoomLimits(admitting: [invitee], to: state.room)
            let before = state.room
            state.room.admit(invitee)
            state.removed.remove(Accounts.key(invitee.name))
            roomsByID[roomID] = state
            subscribers.publish(roomBefore: before, after: state.room)
            return .admitted(state.room)
        }
    }

    public func invitations(for session: Session) async throws -> [Invitation] {
        let user = try user(of: session.token)
        let key = Accounts.key(user.name)
        return invitationsByID.filter { $0.value.invitee == key }.sorted { $0.key < $1.key }.compactMap { id, waiting in
            roomsByID[waiting.roomID].map {
                Invitation(
                    id: id, roomID: waiting.roomID, roomTitle: Invitation.title(of: $0.room), inviter: waiting.inviter,
                    sentAt: waiting.sentAt)
            }
        }
    }

    public func acceptInvitation(_ id: Int, by session: Session) async throws -> Room {
        let user = try user(of: session.token)
        guard let invitation = invitationsByID[id], invitation.invitee == Accounts.key(user.name) else {
            throw StoreError.noSuchInvitation(id)
        }
        guard var state = roomsByID[invitation.roomID], state.room.hasMember(invitation.inviter) else {
            throw StoreError.invitationLapsed(id)
        }
        if !state.room.hasMember(user) {
            try StudyRoom.checkInvitation(
                of: user, to: state.room, project: state.room.projectID.flatMap { try? project(withStudy: $0) },
                wasRemoved: state.removed.contains(Accounts.key(user.name)), by: invitation.inviter)
            try checkRoomLimits(admitting: [user], to: state.room)
            let before = state.room
            state.room.admit(user)
            state.removed.remove(Accounts.key(user.name))
            roomsByID[state.room.id] = state
            subscribers.publish(roomBefore: before, after: state.room)
        }
        invitationsByID[id] = nil
        return state.room
    }

    public func declineInvitation(_ id: Int, by session: Session) async throws {
        let user = try user(of: session.token)
        guard let invitation = invitationsByID[id], invitation.invitee == Accounts.key(user.name) else {
            throw StoreError.noSuchInvitation(id)
        }
        invitationsByID[id] = nil
    }

    /// Whether two people are both in some group room.
    private func sharesGroupRoom(_ one: User, _ other: User) -> Bool {
        roomsByID.rooms(of: one).contains { $0.room.kind == .group && $0.room.hasMember(other) }
    }

    private func checkInvitationLists(for invitee: User, by inviter: User) throws {
        try Invitation.checkWaitingLists(
            waitingForInvitee: invitationsByID.values.count { $0.invitee == Accounts.key(invitee.name) },
            sentByInviter: invitationsByID.values.count { $0.inviter.isNamed(inviter.name) }, invitee: invitee)
    }

    /// Keeps an invitation, unless the invitee ignores the inviter: then it is as if kept, and
    /// never shown, as their messages are not.
    private func keepInvitation(of invitee: User, to roomID: Int, by inviter: User) {
        guard !ignored(by: invitee).contains(Accounts.key(inviter.name)) else { return }
        invitationsByID[nextInvitationID] = WaitingInvitation(
            roomID: roomID, invitee: Accounts.key(invitee.name), inviter: inviter, sentAt: clock.now())
        nextInvitationID += 1
    }
}
