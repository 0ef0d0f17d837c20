/// The rules of a post's study room (`/join`, `/kick`), the same for every store: a store
/// reads what they ask for, asks here, and writes what they decide, in one transaction.
package enum StudyRoom {
    /// What `/join` does for someone.
    package enum Admission: Equatable, Sendable {
        /// They are in the study room already: it is only opened.
        case alreadyIn(roomID: Int)
        /// The study room is made, named after the post, with the writer and them.
        case open
        /// They come into the study room.
        case admit(roomID: Int)
    }

    /// What `/join` of a post does for `user`, or why it is refused.
    /// - Parameters:
    ///   - project: the post as stored now, its member count included.
    ///   - room: its study room, nil before anyone has joined.
    ///   - wasRemoved: whether the writer took `user` out of that room.
    /// - Throws: `StoreError.studyNotStarted` (the writer, before anyone joined), `.postClosed`,
    ///   `.removedFromStudy`, `.postFull`.
    package static func admission(of user: User, to project: Project, room: Room?, wasRemoved: Bool) throws -> Admission {
        if let room, room.hasMember(user) { return .alreadyIn(roomID: room.id) }
        if project.writer.isNamed(user.name) {
            // The writer's place is kept: they come back past a full or closed post.
            guard let room else { throw StoreError.studyNotStarted(project.id) }
            return .admit(roomID: room.id)
        }
        guard project.isOpen else { throw StoreError.postClosed(project.id) }
        guard !wasRemoved else { throw StoreError.removedFromStudy(project.id) }
        guard !project.isFull else { throw StoreError.postFull(projectID: project.id, capacity: project.capacity) }
        return room.map { .admit(roomID: $0.id) } ?? .open
    }

    /// Checks that `inviter` may bring `invitee` into a group room (`/invite`): a post's study
    /// room keeps the post's rules however people come in. It holds the post's capacity at
    /// most; while the post is closed, and for someone its writer took out, only the writer
    /// invites.
    /// - Parameters:
    ///   - project: the post whose study room `room` may be; nil when it is none, or the post
    ///     was deleted (its room then has no rules of its own).
    ///   - wasRemoved: whether the writer took `invitee` out of `room` (`/kick`).
    /// - Throws: `StoreError.inviteeRemoved`, `.postClosed`, `.postFull`.
    package static func checkInvitation(
        of invitee: User, to room: Room, project: Project?, wasRemoved: Bool, by inviter: User
    ) throws {
        guard let project, room.projectID == project.id else { return }
        let byWriter = project.writer.isNamed(inviter.name)
        if wasRemoved && !byWriter { throw StoreError.inviteeRemoved(name: invitee.name, projectID: project.id) }
        if !project.isOpen && !byWriter { throw StoreError.postClosed(project.id) }
        if room.members.count >= project.capacity { throw StoreError.postFull(projectID: project.id, capacity: project.capacity) }
    }

    /// Checks that `remover` may take `user` out of `room` (`/kick`).
    /// - Parameter project: the post whose study room `room` is; nil when it is none, or the
    ///   post was deleted.
    /// - Throws: `StoreError.notStudyRoom`, `.onlyWriterKicks`, `.cannotKickSelf`, `.notInRoom`.
    package static func checkRemoval(of user: User, from room: Room, project: Project?, by remover: User) throws {
        guard let project, room.projectID == project.id else { throw StoreError.notStudyRoom(room.id) }
        guard project.writer.isNamed(remover.name) else {
            throw StoreError.onlyWriterKicks(projectID: project.id, writer: project.writer.name)
        }
        guard !user.isNamed(remover.name) else { throw StoreError.cannotKickSelf }
        guard room.hasMember(user) else { throw StoreError.notInRoom(user.name) }
    }
}
