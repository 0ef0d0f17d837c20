import TudyCore

// MARK: - What arrives while Chat is in use

extension ChatCoordinator {
    /// Shows one change from the store. In the open room a message prints and counts as read;
    /// from another room it prints as one notice line naming the room. A 1:1 message or one
    /// that names the user (`@alice`) from another room, or from any while the terminal's
    /// window is behind another, rings the bell (and notifies, with `--notify osc`). What the
    /// screen in view shows of its own room, it is handed through `Screen.receive(_:)`.
    /// - Parameter inView: whether Chat is what the user is looking at.
    func show(_ change: StoreChange, inView: Bool) async throws {
        let session = try context.requireSession()
        let shown = inView ? navigationController.topScreen : nil
        switch change {
        case .message(let message):
            // Nothing from someone ignored, nor from a muted room: no notice, no bell.
            let isNews = !message.sender.isNamed(session.user.name) && !context.hides(message) && !context.mutedRooms.contains(message.roomID)
            if let shown, shown.subject == .room(message.roomID) {
                try await shown.receive(.change(change))
                if isNews, !context.console.isInFront() { try await alert(message, for: session) }
                return
            }
            // `/wait` at the list of rooms may have printed it from the store as it came.
            guard isNews, !context.live.wasPrinted(message) else { return }
            let room = try await knownRoom(message.roomID, for: session)
            context.console.show(.messageElsewhere(message, room: room, viewer: session.user, preview: true))
            try await alert(message, for: session)
        case .joined(let room):
            knownRooms[room.id] = room
            guard shown?.subject != .room(room.id) else { return }
            context.console.show(.roomChange(.broughtIn, room: room, viewer: session.user))
        case .left(let roomID):
            knownRooms[roomID] = nil
            guard let shown, shown.subject == .room(roomID) else { return }
            try await shown.receive(.change(change))
            try await perform(.roomsList)
        case .roomChanged(let room):
            knownRooms[room.id] = room
            try await shown?.receive(.change(change))
        case .messageChanged, .read:
            // Only the open room shows it: an old message changed elsewhere is no news.
            try await shown?.receive(.change(change))
        }
    }

    /// Rings the bell, and notifies with `--notify osc`, for a 1:1 message or one that names the user.
    private func alert(_ message: Message, for session: Session) async throws {
        let room = try await knownRoom(message.roomID, for: session)
        guard room.kind == .direct || Mention.names(session.user, in: message.text) else { return }
        context.console.alert(title: "\(message.sender.name) in \(room.title(for: session.user))", body: message.text)
    }

    /// A room of the user's, as last told, read from the store only the first time.
    private func knownRoom(_ id: Int, for session: Session) async throws -> Room {
        if let room = knownRooms[id], room.hasMember(session.user) { return room }
        let room = try await context.store.room(id: id, for: session)
        knownRooms[id] = room
        return room
    }

    /// The room with the oldest message the user has not read, if any.
    func nextUnreadRoom() async throws -> Room? {
        let session = try context.requireSession()
        // What the open room showed is read, though its mark may be waiting out a pause.
        try await navigationController.topScreen?.receive(.catchUp)
        var oldest: (messageID: Int, room: Room)?
        for summary in try await context.store.rooms(of: session) where summary.unreadCount > 0 {
            guard let first = try await context.store.firstUnread(in: summary.room.id, for: session) else { continue }
            if first < oldest?.messageID ?? .max { oldest = (first, summary.room) }
        }
        return oldest?.room
    }
}
