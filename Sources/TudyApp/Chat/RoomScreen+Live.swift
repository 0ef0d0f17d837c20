import TudyCore

/// What comes to an open room while it is in view: others' messages, changes and members,
/// printed live when the feed brings everything, read by key when it may have missed some.
extension RoomScreen {
    /// Whether everything in the room has been shown, as far as this screen knows.
    var isReadToItsEnd: Bool { liveSince != nil }

    /// News while the room is in view: a change of its own room shown, the others left to
    /// the notices its coordinator prints.
    func receive(_ news: ScreenNews) async throws {
        switch news {
        case .change(.message(let message)) where message.roomID == room.id:
            try await receive(message)
        case .change(.messageChanged(let message)) where message.roomID == room.id:
            receiveChange(message)
        case .change(.roomChanged(let changed)) where changed.id == room.id:
            update(changed)
            try await readNoticeShown()
        case .change(.read(let roomID, let reader, let upTo)) where roomID == room.id:
            receiveRead(by: reader, upTo: upTo)
        case .change(.left(let roomID)) where roomID == room.id:
            if let viewer = context.login.user { context.console.show(.roomChange(.userIsOut, room: room, viewer: viewer)) }
        case .change, .postSaved:
            break
        case .storeBack:
            await readMarksAgain()
        case .newsShown:
            try await markNewsRead()
        case .catchUp:
            try await markShownRead()
        }
    }

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
