import TudyCore

/// What the user sends to the room: one line at a terminal, a script's run of lines together.
extension RoomScreen {
    /// Sends a line. At a terminal, with the room read to its end and the feed bringing the
    /// user's changes, the message is printed when the feed brings it, after whatever came
    /// before it; otherwise what is new is read by key, this message among it. A script is
    /// shown only its own message, until it asks for news with `/wait`.
    func send(_ text: String, kind: Message.Kind = .text, replyingTo: Int? = nil, for session: Session) async throws {
        var outgoing = try OutgoingMessage(text, kind: kind, replyingTo: replyingTo, key: OutgoingMessage.newKey())
        // Sent again, the same words go under the same key.
        if let unconfirmed, unconfirmed.saysTheSame(as: outgoing) { outgoing = unconfirmed }
        if context.showsLiveMessages && context.live.storeIsAway {
            // The message waits for the store (as a send does), marked so.
            let said = kind == .action ? "* \(session.user.name) \(text)" : "\(session.user.name): \(text)"
            context.console.line("… \(said)  (to be sent when the connection is back)")
        }
        let message: Message
        do {
            message = try await context.store.send(outgoing, to: room.id, from: session)
        } catch where Outage.matches(error) {
            // With no answer it may have been stored, its answer lost: "not done" could be untrue.
            unconfirmed = outgoing
            throw Outage.leavesOutcomeUnknown(error) ? CommandError.sendUnconfirmed : error
        }
        unconfirmed = nil
        guard message.id > timeline.cursor else { return }
        if isLive(for: session) {
            // Ids are unique: the one after the cursor has nothing before it to wait for.
            if message.id == timeline.cursor + 1 { timeline.takeFollowing([message], viewer: session.user).forEach(print) }
            return
        }
        if context.showsLiveMessages { try await showNewMessages(for: session) }
        // Others' messages before it are unshown (a script's, or past the unread cap): the
        // user's own is printed as sent, and the room is not read past what was shown.
        if message.id > timeline.cursor, !timeline.hasShown(message.id) {
            timeline.noteShown(message)
            print(message)
        }
    }

    /// A script's run of messages, sent in one commit when the store can (`BatchSending`), and
    /// each printed as sent once stored, as `send` prints a script's own. Whether it was sent:
    /// false, with nothing sent, when the store sends one at a time or a line is waiting to be
    /// sent again under its key.
    func sendTogether(_ texts: [String]) async throws -> Bool {
        guard let store = context.store as? any BatchSending, unconfirmed == nil, !context.showsLiveMessages else { return false }
        let session = try context.requireSession()
        let sent = try await store.send(try texts.map { try OutgoingMessage($0, key: OutgoingMessage.newKey()) }, to: room.id, from: session)
        for message in sent where message.id > timeline.cursor && !timeline.hasShown(message.id) {
            timeline.noteShown(message)
            print(message)
        }
        return true
    }
}
