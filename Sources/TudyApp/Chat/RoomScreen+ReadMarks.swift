import TudyCore

/// How far the room's members have read it: marks the user's reads, and follows the others'.
extension RoomScreen {
    /// How far each member has read the room, read from the store again: on opening it, and
    /// after the connection to the store was lost, when marks may have moved unheard. Kept as
    /// it was when the store can not say now.
    func readMarksAgain() async {
        guard let session = context.login.session,
            let marks = try? await context.store.readMarks(in: room.id, for: session)
        else { return }
        readMarks = ReadMarks(marks)
    }

    /// A member read the room further. When the read reached messages of the user's own shown
    /// here, one line names the newest of them, with how many are left to read it: the count
    /// beside it going down, live.
    func receiveRead(by reader: User, upTo id: Int) {
        guard var marks = readMarks, let viewer = context.login.user else { return }
        let before = marks.mark(of: reader)
        guard marks.note(reader, readUpTo: id) else { return }
        readMarks = marks
        guard !reader.isNamed(viewer.name), !Quiet.ignores(reader, in: context.quiet),
            let own = timeline.newestShown(from: viewer, after: before, upTo: id)
        else { return }
        let left = marks.readers(of: own, in: room).unread.count
        context.console.show(.readReceipt(reader: reader, messageID: own.id, unread: left))
    }

    /// `/seen`: who of the room's members has read message #n, and who has not, as the store
    /// says now.
    func showReaders(of id: Int, for session: Session) async throws {
        guard let message = try await context.store.messages(in: room.id, for: session, after: id - 1, limit: 1).first,
            message.id == id
        else { throw StoreError.noSuchMessage(id) }
        let marks = ReadMarks(try await context.store.readMarks(in: room.id, for: session))
        readMarks = marks
        guard message.status != .deleted else {
            context.console.line("#\(id) was unsent: there is nothing to read")
            return
        }
        let (read, unread) = marks.readers(of: message, in: room)
        guard !(read.isEmpty && unread.isEmpty) else {
            context.console.line("#\(id): nobody else is in the room")
            return
        }
        context.console.show(.readers(messageID: id, readBy: read, notYet: unread))
    }

    /// Marks the room read, as `markShownRead` does, for news that streamed in, paced by
    /// `ReadMarkPacer`. Left (or logged out) meanwhile: nothing is due.
    func markNewsRead() async throws {
        try await readMarkPacer.mark(ifDue: { [weak self] in
            guard let self else { return false }
            return timeline.readMarkDue != nil && context.login.session != nil
        }) { [weak self] in
            try await self?.markShownRead()
        }
    }

    /// Marks the room read up to the last message shown with none missing before it, if
    /// someone else's was shown since the last mark: one write for everything shown since.
    func markShownRead() async throws {
        guard let id = timeline.readMarkDue, let session = context.login.session else { return }
        try await context.store.markRead(roomID: room.id, upTo: id, for: session)
        timeline.noteMarked(upTo: id)
    }
}
