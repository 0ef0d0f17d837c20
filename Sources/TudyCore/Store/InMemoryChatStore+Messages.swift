import Foundation

// Messages: each call checks the session's membership of the room first.
extension InMemoryChatStore {
    // MARK: - Messages

    public func messages(in roomID: Int, for session: Session, before: Int?, limit: Int) async throws -> MessagePage {
        let user = try user(of: session.token)
        let state = try memberState(of: roomID, user: user)
        let older = state.messages.filter { before == nil || $0.id < before! }
        return MessagePage(messages: Array(older.suffix(limit)), hasOlder: older.count > limit)
    }

    public func messages(in roomID: Int, for session: Session, after: Int, limit: Int) async throws -> [Message] {
        let user = try user(of: session.token)
        let state = try memberState(of: roomID, user: user)
        return Array(state.messages.lazy.filter { $0.id > after }.prefix(limit))
    }

    public func firstUnread(in roomID: Int, for session: Session) async throws -> Int? {
        let user = try user(of: session.token)
        let state = try memberState(of: roomID, user: user)
        let lastRead = state.lastRead[Accounts.key(user.name)] ?? 0
        let ignored = ignored(by: user)
        return state.messages.first { $0.id > lastRead && isUnread($0, by: user, ignored: ignored) }?.id
    }

    public func send(_ outgoing: OutgoingMessage, to roomID: Int, from session: Session) async throws -> Message {
        let user = try user(of: session.token)
        _ = try memberState(of: roomID, user: user)
        let messageKey = outgoing.key.map { MessageKey(sender: Accounts.key(user.name), key: $0) }
        if let messageKey, let kept = keyedMessages[messageKey] {
            // Never a message of another room, which the sender may have left since.
            guard kept.roomID == roomID else { throw StoreError.sendKeyReused(roomID: roomID) }
            if let message = roomsByID[roomID]?.messages.first(where: { $0.id == kept.messageID }) { return message }
        }
        let quote = try outgoing.replyTo.map { id in
            guard let quoted = roomsByID[roomID]?.messages.first(where: { $0.id == id }) else { throw StoreError.noSuchMessage(id) }
            return Quote(quoted)
        }
        let message = try append(outgoing.text, kind: outgoing.kind, replyTo: quote, to: roomID, from: user, at: clock.now())
        if let messageKey { keyedMessages[messageKey] = (roomID, message.id) }
        return message
    }

    public func findMessages(_ words: [String], for session: Session, before: Int?, limit: Int) async throws -> [Message] {
        try MessageSearch.check(words)
        let user = try user(of: session.token)
        var found: [Message] = []
        for state in roomsByID.rooms(of: user) {
            for message in state.messages where message.id < before ?? .max {
                if MessageSearch.matches(folded: searchText(of: message), words) { found.append(message) }
            }
        }
        return Array(found.sorted { $0.id > $1.id }.prefix(limit))
    }

    /// A message's text folded for a search, folded once and kept with the text it was folded
    /// from, so that an edited message is folded again and no search sees an old text.
    private func searchText(of message: Message) -> String {
        if let kept = messageSearchTexts[message.id], kept.text == message.text { return kept.folded }
        let folded = CaseFolding.search(message.text)
        messageSearchTexts[message.id] = (message.text, folded)
        return folded
    }

    public func edit(_ pick: MessagePick, in roomID: Int, to text: String, by session: Session) async throws -> Message {
        try Message.check(text)
        return try change(pick, in: roomID, by: session) { $0.edited(to: text) }
    }

    public func unsend(_ pick: MessagePick, in roomID: Int, by session: Session) async throws -> Message {
        try change(pick, in: roomID, by: session) { $0.deleted }
    }

    func change(_ pick: MessagePick, in roomID: Int, by session: Session, to new: (Message) -> Message) throws -> Message {
        let user = try user(of: session.token)
        var state = try memberState(of: roomID, user: user)
        let found: Message? =
            switch pick {
            case .last: state.messages.last { $0.sender.isNamed(user.name) && $0.status != .deleted }
            case .id(let id): state.messages.first { $0.id == id }
            }
        let changed = new(try pick.check(found, by: user))
        // A reply quotes the message as it is now: its quote changes with it.
        state.messages = state.messages.map { message in
            if message.id == changed.id { return changed }
            guard message.replyTo?.id == changed.id else { return message }
            return Message(
                id: message.id, roomID: message.roomID, sender: message.sender, text: message.text, sentAt: message.sentAt,
                status: message.status, kind: message.kind, replyTo: Quote(changed), reactions: message.reactions)
        }
        roomsByID[roomID] = state
        subscribers.publish(.messageChanged(changed), to: state.room.members)
        return changed
    }

    public func react(to messageID: Int, in roomID: Int, with emoji: String, by session: Session) async throws -> Message {
        let emoji = try Reaction.checked(emoji)
        let user = try user(of: session.token)
        var state = try memberState(of: roomID, user: user)
        guard let index = state.messages.firstIndex(where: { $0.id == messageID }) else { throw StoreError.noSuchMessage(messageID) }
        let message = state.messages[index]
        guard message.status != .deleted else { throw StoreError.messageDeleted(messageID) }
        let key = Accounts.key(user.name)
        var set = state.reactions[messageID, default: []]
        let mine = set.contains { $0.emoji == emoji && $0.who == key }
        if try Reaction.toggles(emoji, mine: mine, on: message.reactions, messageID: messageID) {
            set.append((emoji, key))
        } else {
            set.removeAll { $0.emoji == emoji && $0.who == key }
        }
        state.reactions[messageID] = set
        let changed = message.reacted(Reaction.tally(set.map(\.emoji)))
        state.messages[index] = changed
        roomsByID[roomID] = state
        subscribers.publish(.messageChanged(changed), to: state.room.members)
        return changed
    }

    public func markRead(roomID: Int, upTo messageID: Int, for session: Session) async throws {
        let user = try user(of: session.token)
        var state = try memberState(of: roomID, user: user)
        let key = Accounts.key(user.name)
        // No further than the newest message: a mark past it would count what comes as read.
        let upTo = min(messageID, state.messages.last?.id ?? 0)
        guard upTo > state.lastRead[key] ?? 0 else { return }
        state.lastRead[key] = upTo
        roomsByID[roomID] = state
        subscribers.publish(.read(roomID: roomID, reader: user, upTo: upTo), to: state.room.members.filter { !$0.isNamed(user.name) })
    }

    public func readMarks(in roomID: Int, for session: Session) async throws -> [User: Int] {
        let user = try user(of: session.token)
        let state = try memberState(of: roomID, user: user)
        return Dictionary(uniqueKeysWithValues: state.room.members.compactMap { member in
            state.lastRead[Accounts.key(member.name)].map { (member, $0) }
        })
    }

    func append(
        _ text: String, kind: Message.Kind = .text, replyTo: Quote? = nil, to roomID: Int, from user: User, at date: Date
    ) throws -> Message {
        try Message.check(text)
        let message = Message(id: nextMessageID, roomID: roomID, sender: user, text: text, sentAt: date, kind: kind, replyTo: replyTo)
        nextMessageID += 1
        // Sending reads nothing: what others wrote before stays unread until it is shown.
        roomsByID[roomID]?.messages.append(message)
        subscribers.publish(.message(message), to: roomsByID[roomID]?.room.members ?? [])
        return message
    }
}
