import Foundation
import GRDB
import TudyCore

// `/invite`, and the invitations that wait for an answer (`/invites`, `/accept`, `/decline`).
extension SQLiteChatStore {
    package func invite(_ invitee: User, to roomID: Int, by session: Session) async throws -> InviteOutcome {
        let now = clock.now()
        return try await write { db in
            let inviter = try Self.requireMember(roomID: roomID, session: session, now: now, in: db)
            let room = try Self.room(id: Int64(roomID), in: db)
            let invited = try Self.user(named: invitee.name, in: db)
            guard !room.hasMember(invited.user) else { throw StoreError.alreadyMember(invited.user.name) }
            let asks = try !Self.shareGroupRoom(inviter.id, invited.id, in: db)
            switch room.kind {
            case .direct:
                try db.run(sql: "INSERT INTO room (kind) VALUES ('group')")
                let groupID = db.lastInsertedRowID
                for member in room.members + (asks ? [] : [invited.user]) {
                    try Self.admit(userID: try Self.user(named: member.name, in: db).id, roomID: groupID, in: db)
                }
                if asks { try Self.keepInvitation(of: invited, to: groupID, by: inviter, now: now, in: db) }
                let group = try Self.room(id: groupID, in: db)
                return asks ? .asked(group) : .admitted(group)
            case .group:
                let wasRemoved = try db.fetchOne(
                    Bool.self, sql: "SELECT removed FROM membership WHERE room_id = ? AND user_id = ?", arguments: [roomID, invited.id])
                try StudyRoom.checkInvitation(
                    of: invited.user, to: room, project: room.projectID.flatMap { try? Self.project(id: Int64($0), in: db) },
                    wasRemoved: wasRemoved ?? false, by: inviter.user)
                if asks {
                    try Self.keepInvitation(of: invited, to: Int64(roomID), by: inviter, now: now, in: db)
                    return .asked(room)
                }
                try Self.admit(userID: invited.id, roomID: Int64(roomID), in: db)
                return .admitted(try Self.room(id: Int64(roomID), in: db))
            }
        }
    }

    package func invitations(for session: Session) async throws -> [Invitation] {
        let now = clock.now()
        return try await read { db in
            let user = try Self.signedIn(session.token, now: now, in: db)
            let rows = try db.fetchAll(
                Row.self,
                sql: """
                    SELECT invitation.id, invitation.room_id, invitation.sent_at, user.name AS inviter
                    FROM invitation JOIN user ON user.id = invitation.inviter_id
                    WHERE invitation.invitee_id = ? ORDER BY invitation.id
                    """, arguments: [user.id])
            return try rows.map { row in
                Invitation(
                    id: row["id"], roomID: row["room_id"], roomTitle: Invitation.title(of: try Self.room(id: row["room_id"], in: db)),
                    inviter: User(name: row["inviter"]), sentAt: StoreDate.column(row, "sent_at"))
            }
        }
    }

    package func acceptInvitation(_ id: Int, by session: Session) async throws -> Room {
        let now = clock.now()
        return try await write { db in
            let user = try Self.signedIn(session.token, now: now, in: db)
            let (roomID, inviter) = try Self.invitation(id, of: user.id, in: db)
            let room = try Self.room(id: roomID, in: db)
            guard room.hasMember(inviter) else { throw StoreError.invitationLapsed(id) }
            if !room.hasMember(user.user) {
                let wasRemoved = try db.fetchOne(
                    Bool.self, sql: "SELECT removed FROM membership WHERE room_id = ? AND user_id = ?", arguments: [roomID, user.id])
                try StudyRoom.checkInvitation(
                    of: user.user, to: room, project: room.projectID.flatMap { try? Self.project(id: Int64($0), in: db) },
                    wasRemoved: wasRemoved ?? false, by: inviter)
                try Self.admit(userID: user.id, roomID: roomID, in: db)
            }
            try db.run(sql: "DELETE FROM invitation WHERE id = ?", arguments: [id])
            return try Self.room(id: roomID, in: db)
        }
    }

    package func declineInvitation(_ id: Int, by session: Session) async throws {
        let now = clock.now()
        try await write { db in
            let user = try Self.signedIn(session.token, now: now, in: db)
            _ = try Self.invitation(id, of: user.id, in: db)
            try db.run(sql: "DELETE FROM invitation WHERE id = ?", arguments: [id])
        }
    }

    /// The room and inviter of one of a user's invitations. - Throws: `StoreError.noSuchInvitation`.
    private static func invitation(_ id: Int, of inviteeID: Int64, in db: Database) throws -> (roomID: Int64, inviter: User) {
        guard
            let row = try db.fetchOne(
                Row.self,
                sql: """
                    SELECT invitation.room_id, user.name FROM invitation JOIN user ON user.id = invitation.inviter_id
                    WHERE invitation.id = ? AND invitation.invitee_id = ?
                    """, arguments: [id, inviteeID])
        else { throw StoreError.noSuchInvitation(id) }
        return (row["room_id"], User(name: row["name"]))
    }

    /// Whether two people are both in some group room.
    private static func shareGroupRoom(_ one: Int64, _ other: Int64, in db: Database) throws -> Bool {
        try db.fetchOne(
            Bool.self,
            sql: """
                SELECT EXISTS (
                    SELECT 1 FROM membership mine
                    JOIN membership theirs ON theirs.room_id = mine.room_id AND theirs.user_id = ? AND theirs.is_member
                    JOIN room ON room.id = mine.room_id AND room.kind = 'group'
                    WHERE mine.user_id = ? AND mine.is_member)
                """, arguments: [other, one]) ?? false
    }

    /// Keeps an invitation, once per person and room, within both waiting lists' bounds;
    /// one from someone the invitee ignores is as if kept, and never shown.
    private static func keepInvitation(
        of invitee: (id: Int64, user: User), to roomID: Int64, by inviter: (id: Int64, user: User), now: Date, in db: Database
    ) throws {
        let waiting = try db.fetchOne(
            Bool.self, sql: "SELECT EXISTS (SELECT 1 FROM invitation WHERE invitee_id = ? AND room_id = ?)",
            arguments: [invitee.id, roomID]) ?? false
        guard !waiting else { return }
        try Invitation.checkWaitingLists(
            waitingForInvitee: try db.fetchOne(
                Int.self, sql: "SELECT COUNT(*) FROM invitation WHERE invitee_id = ?", arguments: [invitee.id]) ?? 0,
            sentByInviter: try db.fetchOne(
                Int.self, sql: "SELECT COUNT(*) FROM invitation WHERE inviter_id = ?", arguments: [inviter.id]) ?? 0,
            invitee: invitee.user)
        let ignored = try db.fetchOne(
            Bool.self, sql: "SELECT EXISTS (SELECT 1 FROM ignoring WHERE user_id = ? AND ignored_id = ?)",
            arguments: [invitee.id, inviter.id]) ?? false
        guard !ignored else { return }
        try db.run(
            sql: "INSERT INTO invitation (room_id, invitee_id, inviter_id, sent_at) VALUES (?, ?, ?, ?)",
            arguments: [roomID, invitee.id, inviter.id, StoreDate.text(now)])
    }
}
