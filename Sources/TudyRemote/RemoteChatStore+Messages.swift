import TudyCore
import TudyWire

// Messages: pages filled to a reply's bytes, sends, searches, edits and read marks.
extension RemoteChatStore {
    // A server fills a reply of messages only up to `ServerLimits.pageReplyBytes`: what did
    // not fit is asked for next, so that a page is whole, as any store's.

    package func messages(in roomID: Int, for session: Session, before: Int?, limit: Int) async throws -> MessagePage {
        var messages: [Message] = []
        var page = MessagePage(messages: [], hasOlder: true)
        while page.hasOlder && messages.count < limit {
            let oldest = messages.first?.id ?? before
            page = try field(
                try await call(.messagesBefore, session) { $0.roomID = roomID; $0.before = oldest; $0.limit = limit - messages.count }.page,
                .messagesBefore)
            guard !page.messages.isEmpty else { break }
            messages.insert(contentsOf: page.messages, at: 0)
        }
        return MessagePage(messages: messages, hasOlder: page.hasOlder)
    }

    package func messages(in roomID: Int, for session: Session, after: Int, limit: Int) async throws -> [Message] {
        var messages: [Message] = []
        var hasNewer = true
        while hasNewer && messages.count < limit {
            let newest = messages.last?.id ?? after
            let reply = try await call(.messagesAfter, session) { $0.roomID = roomID; $0.after = newest; $0.limit = limit - messages.count }
            let more = try field(reply.messages, .messagesAfter)
            guard !more.isEmpty else { break }
            messages += more
            hasNewer = reply.hasNewer == true
        }
        return messages
    }

    package func firstUnread(in roomID: Int, for session: Session) async throws -> Int? {
        try await call(.firstUnread, session) { $0.roomID = roomID }.messageID
    }

    package func send(_ outgoing: OutgoingMessage, to roomID: Int, from session: Session) async throws -> Message {
        if outgoing.kind == .action { try require(.messageKinds, for: "actions (a message that says what one does)") }
        if outgoing.replyTo != nil { try require(.replies, for: "replies") }
        return try field(
            try await call(.send, session) {
                $0.text = outgoing.text
                $0.kind = outgoing.kind == .text ? nil : outgoing.kind
                $0.replyTo = outgoing.replyTo
                $0.roomID = roomID
                $0.key = outgoing.key
            }.message, .send)
    }

    /// The messages found, asked for a reply's worth at a time.
    package func findMessages(_ words: [String], for session: Session, before: Int?, limit: Int) async throws -> [Message] {
        var found: [Message] = []
        var before = before
        while found.count < limit {
            let reply = try await call(.findMessages, session) {
                $0.words = words
                $0.before = before
                $0.limit = limit - found.count
            }
            let page = try field(reply.messages, .findMessages)
            found += page
            // Each page older than the last: a server that says more without going on ends it.
            guard reply.hasMore == true, let last = page.last?.id, last < before ?? .max else { break }
            before = last
        }
        return found
    }

    package func edit(_ pick: MessagePick, in roomID: Int, to text: String, by session: Session) async throws -> Message {
        try field(
            try await call(.editMessage, session) { $0.messageID = pick.messageID; $0.roomID = roomID; $0.text = text }.message,
            .editMessage)
    }

    package func unsend(_ pick: MessagePick, in roomID: Int, by session: Session) async throws -> Message {
        try field(
            try await call(.unsendMessage, session) { $0.messageID = pick.messageID; $0.roomID = roomID }.message, .unsendMessage)
    }

    package func markRead(roomID: Int, upTo messageID: Int, for session: Session) async throws {
        _ = try await call(.markRead, session) { $0.roomID = roomID; $0.messageID = messageID }
    }
}
