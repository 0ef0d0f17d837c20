import TudyCore

/// What comes to an open room while it is in view: others' messages, changes and members,
/// printed live when the feed brings everything, read by key when it may have missed some.
extension RoomScreen {
    /// Whether everything in the room has been shown, as far as this screen knows.
    var isReadToItsEnd: Bool { liveSince != nil }

    /// Whether a message the live feed brings for this room can be printed as it comes.
    func isLive(for session: Session) -> Bool {
        context.showsLiveMessages && liveSince != nil && liveSince == liveEpoch(for: session)
    }

    /// The feed's epoch if it brings the user's changes now; taken before a read by key, so
    /// that anything the feed may miss after it is noticed.
    func liveEpoch(for session: Session) -> Int? {
        context.live.brings(session) ? context.live.epoch : nil
    }

    /// A message that arrived while the room is open: printed unless already shown, after
    /// any it follows that were not; the room is marked read by `markShownRead`.
    func receive(_ message: Message) async throws {
        guard message.id > timeline.cursor, let session = context.login.session else { return }
        if isLive(for: session) {
            timeline.takeFollowing([message], viewer: session.user).forEach(print)
        } else if liveSince != nil || !context.showsLiveMessages {
            // Read to its end once, but the feed may have missed something since: by key.
            try await showNewMessages(for: session)
        }
        // Otherwise newer unread wait unshown: /next shows them.
    }

    /// A message edited or deleted: printed again as it is now, in the open room, if this
    /// screen has shown it, and unless it printed it so already (the user's own change, or
    /// a change sent again after a reconnection).
    func receiveChange(_ message: Message) {
        guard timeline.takeChange(message) else { return }
        print(message)
    }

    /// `/wait`: prints what came since the last message shown and, until a message from
    /// someone else is among it, waits for more. - Throws: `CommandError.waitTimedOut`.
    func wait(seconds: Int, for session: Session) async throws {
        await context.live.follow(session)
        guard try await context.live.waitForNews(seconds: seconds, look: { try await showNewMessages(for: session) }) else {
            throw CommandError.waitTimedOut(seconds: seconds, place: title)
        }
    }

    /// Prints, by key, what follows the last message shown, up to the unread cap, and marks
    /// it read; whether any was someone else's.
    @discardableResult
    func showNewMessages(for session: Session) async throws -> Bool {
        let epoch = liveEpoch(for: session)
        let new = try await context.store.messages(in: room.id, for: session, after: timeline.cursor, limit: Self.unreadCap)
        let fresh = timeline.takeFollowing(new, viewer: session.user)
        fresh.forEach(print)
        liveSince = new.count < Self.unreadCap ? epoch : nil
        try await markShownRead()
        return fresh.contains { !$0.sender.isNamed(session.user.name) }
    }
}
