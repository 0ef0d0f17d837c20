import Foundation
import PostgresNIO
import TudyCore

// `/invite`, and the invitations that wait for an answer (`/invites`, `/accept`, `/decline`).
extension PostgresChatStore {
    package func invite(_ invitee: User, to roomID: Int, by session: Session) async throws -> InviteOutcome {
        let now = clock.now()
        return try await transaction { connection in
            let inviter = try await Self.requireMember(roomID: roomID, session: session, now: now, on: connection)
            try await Self.lockForAdmission(roomID: roomID, on: connection)
            let room = try await Self.room(id: roomID, on: connection)
            let invited = try await Self.user(named: invitee.name, on: connection)
            guard !room.hasMember(invited.user) else { throw StoreError.alreadyMember(invited.user.name) }
            let asks = try await !Self.shareGroupRoom(inviter.id, invited.id, on: connection)
            switch room.kind {
            case .direct:
                let groupID = try await Self.one(Int.self, "INSERT INTO room (kind) VALUES ('group') RETURNING id", on: connection) ?? 0
                for member in room.members + (asks ? [] : [invited.user]) {
                    try await Self.admit(userID: try await Self.user(named: member.name, on: connection).id, roomID: groupID, on: connection)
                }
                if asks { try await Self.keepInvitation(of: invited, to: groupID, by: inviter, now: now, on: connection) }
                try await Self.notifyRoom(groupID, on: connection)
                let group = try await Self.room(id: groupID, on: connection)
                return asks ? .asked(group) : .admitted(group)
            case .group:
                try await Self.checkInvitation(of: invited, to: room, by: inviter.user, on: connection)
                if asks {
                    try await Self.keepInvitation(of: invited, to: roomID, by: inviter, now: now, on: connection)
                    return .asked(room)
                }
                try await Self.admit(userID: invited.id, roomID: roomID, on: connection)
                try await Self.notifyRoom(roomID, on: connection)
                return .admitted(try await Self.room(id: roomID, on: connection))
            }
        }
    }

    package func invitations(for session: Session) async throws -> [Invitation] {
        let now = clock.now()
        return try await transaction { connection in
            let user = try await Self.signedIn(session.token, now: now, on: connection)
            var waiting: [(id: Int, roomID: Int, sentAt: Date, inviter: String)] = []
            for try await row in try await connection.query(
                """
                SELECT invitation.id, invitation.room_id, invitation.sent_at, users.name
                FROM invitation JOIN users ON users.id = invitation.inviter_id
                WHERE invitation.invitee_id = \(user.id) ORDER BY invitation.id
                """, logger: Self.quiet
            ).decode((Int, Int, Date, String).self) {
                waiting.append(row)
            }
            var invitations: [Invitation] = []
            for row in waiting {
                invitations.append(
                    Invitation(
                        id: row.id, roomID: row.roomID,
                        roomTitle: Invitation.title(of: try await Self.room(id: row.roomID, on: connection)),
                        inviter: User(name: row.inviter), sentAt: row.sentAt))
            }
            return invitations
        }
    }

    package func acceptInvitation(_ id: Int, by session: Session) async throws -> Room {
        let now = clock.now()
        return try await transaction { connection in
            let user = try await Self.signedIn(session.token, now: now, on: connection)
            let (roomID, inviter) = try await Self.invitation(id, of: user.id, on: connection)
            try await Self.lockForAdmission(roomID: roomID, on: connection)
            let room = try await Self.room(id: roomID, on: connection)
            guard room.hasMember(inviter) else { throw StoreError.invitationLapsed(id) }
            if !room.hasMember(user.user) {
                try await Self.checkInvitation(of: user, to: room, by: inviter, on: connection)
                try await Self.admit(userID: user.id, roomID: roomID, on: connection)
                try await Self.notifyRoom(roomID, on: connection)
            }
            try await connection.query("DELETE FROM invitation WHERE id = \(id)", logger: Self.quiet)
            return try await Self.room(id: roomID, on: connection)
        }
    }

    package func declineInvitation(_ id: Int, by session: Session) async throws {
        let now = clock.now()
        try await transaction { connection in
            let user = try await Self.signedIn(session.token, now: now, on: connection)
            _ = try await Self.invitation(id, of: user.id, on: connection)
            try await connection.query("DELETE FROM invitation WHERE id = \(id)", logger: Self.quiet)
        }
    }

    /// Locks a study room's post, then the room, as `/join` locks them: the two take turns
    /// for the post's last place, in one order, so that neither waits on the other.
    private static func lockForAdmission(roomID: Int, on connection: PostgresConnection) async throws {
        if let projectID = try await one(Int?.self, "SELECT project_id FROM room WHERE id = \(roomID)", on: connection) ?? nil {
            _ = try await one(Int.self, "SELECT id FROM project WHERE id = \(projectID) FOR UPDATE", on: connection)
        }
        _ = try await one(Int.self, "SELECT id FROM room WHERE id = \(roomID) FOR UPDATE", on: connection)
    }

    /// `StudyRoom.checkInvitation` on what the database holds now.
    private static func checkInvitation(
        of invitee: (id: Int, user: User), to room: Room, by inviter: User, on connection: PostgresConnection
    ) async throws {
        let project = room.projectID == nil ? nil : try? await Self.project(id: room.projectID!, on: connection)
        let wasRemoved = try await one(
            Bool.self, "SELECT removed FROM membership WHERE room_id = \(room.id) AND user_id = \(invitee.id)", on: connection)
        try StudyRoom.checkInvitation(of: invitee.user, to: room, project: project, wasRemoved: wasRemoved ?? false, by: inviter)
    }

    /// The room and inviter of one of a user's invitations. - Throws: `StoreError.noSuchInvitation`.
    private static func invitation(_ id: Int, of inviteeID: Int, on connection: PostgresConnection) async throws -> (roomID: Int, inviter: User) {
        for try await (roomID, name) in try await connection.query(
            """
            SELECT invitation.room_id, users.name FROM invitation JOIN users ON users.id = invitation.inviter_id
            WHERE invitation.id = \(id) AND invitation.invitee_id = \(inviteeID)
            """, logger: quiet
        ).decode((Int, String).self) {
            return (roomID, User(name: name))
        }
        throw StoreError.noSuchInvitation(id)
    }

    /// Whether two people are both in some group room.
    private static func shareGroupRoom(_ one: Int, _ other: Int, on connection: PostgresConnection) async throws -> Bool {
        try await Self.one(
            Bool.self,
            """
            SELECT EXISTS (
                SELECT 1 FROM membership mine
                JOIN membership theirs ON theirs.room_id = mine.room_id AND theirs.user_id = \(other) AND theirs.is_member
                JOIN room ON room.id = mine.room_id AND room.kind = 'group'
                WHERE mine.user_id = \(one) AND mine.is_member)
            """, on: connection) ?? false
    }

    /// Keeps an invitation, once per person and room, within both waiting lists' bounds;
    /// one from someone the invitee ignores is as if kept, and never shown. The two people's
    /// rows are locked, in id order, so that invitations at once are counted one at a time.
    private static func keepInvitation(
        of invitee: (id: Int, user: User), to roomID: Int, by inviter: (id: Int, user: User), now: Date,
        on connection: PostgresConnection
    ) async throws {
        let ids = [invitee.id, inviter.id].sorted()
        _ = try await all(Int.self, "SELECT id FROM users WHERE id IN (\(ids[0]), \(ids[1])) ORDER BY id FOR NO KEY UPDATE", on: connection)
        let waiting = try await one(
            Bool.self, "SELECT EXISTS (SELECT 1 FROM invitation WHERE invitee_id = \(invitee.id) AND room_id = \(roomID))",
            on: connection) ?? false
        guard !waiting else { return }
        try Invitation.checkWaitingLists(
            waitingForInvitee: try await one(
                Int.self, "SELECT COUNT(*)::BIGINT FROM invitation WHERE invitee_id = \(invitee.id)", on: connection) ?? 0,
            sentByInviter: try await one(
                Int.self, "SELECT COUNT(*)::BIGINT FROM invitation WHERE inviter_id = \(inviter.id)", on: connection) ?? 0,
            invitee: invitee.user)
        let ignored = try await one(
            Bool.self, "SELECT EXISTS (SELECT 1 FROM ignoring WHERE user_id = \(invitee.id) AND ignored_id = \(inviter.id))",
            on: connection) ?? false
        guard !ignored else { return }
        try await connection.query(
            """
            INSERT INTO invitation (room_id, invitee_id, inviter_id, sent_at)
            VALUES (\(roomID), \(invitee.id), \(inviter.id), \(now))
            """, logger: quiet)
    }
}
