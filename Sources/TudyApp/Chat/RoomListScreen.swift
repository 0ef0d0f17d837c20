import TudyCore

/// The root of Chat: the user's rooms.
@MainActor
final class RoomListScreen: SendsEvents {
    /// What the rooms list asks its coordinator to do.
    enum Event: Equatable {
        case showRoom(room: Room)
        case showDirectRoom(with: User)
        case find(String)
    }

    var didSendEventClosure: (@MainActor (Event) async throws -> Void)?
    private let context: AppContext
    /// The feed's epoch when `/wait` last read every room: while it stays the same, the stream
    /// has told of every message since, and only the rooms it named are looked in.
    private var everyRoomReadIn: Int?
    /// Rooms whose unread ran past what one look prints: looked in again next time.
    private var roomsLeftUnread: Set<Int> = []
    /// Per room, the newest message a look read since every room was read: the next look
    /// reads on from there, without asking the store where the unread begins.
    private var shownThrough: [Int: Int] = [:]
    /// The line (`AppContext.linesHandled`) of the last `/wait` here.
    private var lastWaitLine: Int?
    /// The rooms as every room's read, and each one learned of since, to name them in a line.
    private var knownRooms: [Int: Room] = [:]

    init(context: AppContext) {
        self.context = context
    }

    let title = "rooms"
    var commands: [CommandSpec] { RoomsCommand.specs }

    func appear() async throws {
        let session = try context.requireSession()
        let summaries = try await context.store.rooms(of: session)
        if summaries.isEmpty {
            context.console.line("no rooms yet: /dm <name> starts one, or /dm on a post")
        } else {
            try await context.readQuiet()
            // A room's last message from someone ignored is not shown as its last words.
            let shown = summaries.map { summary in
                summary.lastMessage.map(context.hides) == true
                    ? RoomSummary(room: summary.room, lastMessage: nil, unreadCount: summary.unreadCount) : summary
            }
            context.console.show(.rooms(shown, viewer: session.user, muted: context.mutedRooms))
        }
        // A hint, never a failure: a server older than invitations has none to tell.
        let waiting = (try? await context.store.invitations(for: session).count) ?? 0
        if waiting > 0 {
            context.console.line("\(waiting) invitation\(waiting == 1 ? "" : "s") wait\(waiting == 1 ? "s" : "") for your answer: /invites")
        }
    }

    func offerCompletions(to vocabulary: inout CompletionVocabulary) async {
        guard let session = context.login.session else { return }
        let rooms = ((try? await context.store.rooms(of: session)) ?? []).map(\.room)
        vocabulary.openTarget = .rooms(rooms.map(\.id), names: rooms.map { $0.title(for: session.user) })
    }

    func handle(_ input: ScreenInput) async throws {
        switch try RoomsCommand.parse(input, on: self) {
        case .rooms:
            try await appear()
        case .open(let reference):
            let session = try context.requireSession()
            let room: Room
            switch reference {
            case .number(let id):
                room = try await context.store.room(id: id, for: session)
            case .name(let name):
                let rooms = try await context.store.rooms(of: session).map(\.room)
                room = try Self.room(named: name, among: rooms, for: session.user)
            }
            try await didSendEventClosure?(.showRoom(room: room))
        case .dm(let name):
            let other = try await context.store.user(named: name)
            try await didSendEventClosure?(.showDirectRoom(with: other))
        case .find(let words):
            try await didSendEventClosure?(.find(words))
        case .wait(let seconds):
            let session = try context.requireSession()
            // Only a /wait right after this one's may read on from where it stopped: a line
            // between may have shown a room (and marked it read) elsewhere.
            if lastWaitLine != context.linesHandled - 1 { shownThrough = [:] }
            lastWaitLine = context.linesHandled
            await context.live.follow(session)
            guard try await context.live.waitForNews(seconds: seconds, look: { try await showUnread(for: session) }) else {
                throw CommandError.waitTimedOut(seconds: seconds, place: "your rooms")
            }
        }
    }

    /// The room a name picks: the one of that name in any case, else the one whose name
    /// begins so. - Throws: `CommandError.noRoomNamed`, `.roomNameAmbiguous`.
    static func room(named name: String, among rooms: [Room], for viewer: User) throws -> Room {
        let wanted = CaseFolding.search(name)
        let titled = rooms.map { (room: $0, title: CaseFolding.search($0.title(for: viewer))) }
        if let exact = titled.first(where: { $0.title == wanted }) { return exact.room }
        let begun = titled.filter { $0.title.hasPrefix(wanted) }
        guard let first = begun.first else { throw CommandError.noRoomNamed(name) }
        guard begun.count == 1 else {
            throw CommandError.roomNameAmbiguous(name, titles: begun.map { $0.room.title(for: viewer) })
        }
        return first.room
    }

    /// Prints every unread message of every room, oldest first, each naming its room, and marks
    /// each room read up to what was printed, in one write when the store can (`BatchMarking`);
    /// whether there was any.
    private func showUnread(for session: Session) async throws -> Bool {
        var unread: [(message: Message, room: Room)] = []
        let rooms = try await roomsToLook(for: session)
        do {
            var after: [Int: Int] = [:]
            for room in rooms {
                if let through = shownThrough[room.id] {
                    after[room.id] = through
                    continue
                }
                do {
                    if let first = try await context.store.firstUnread(in: room.id, for: session) { after[room.id] = first - 1 }
                } catch StoreError.noSuchRoom(room.id) {
                    forget(room.id)
                }
            }
            let found = try await withoutRoomsLeft(after) { try await messages(after: $0, for: session) } ?? [:]
            for room in rooms {
                guard let messages = found[room.id] else { continue }
                if messages.count == RoomScreen.unreadCap { roomsLeftUnread.insert(room.id) }
                if let last = messages.last { shownThrough[room.id] = last.id }
                // From the first that is news, as a room opens on its first unread.
                unread += messages.drop { !isNews($0, for: session) }.map { ($0, room) }
            }
        } catch {
            // Not looked in (the store went away meanwhile): looked in next time.
            roomsLeftUnread.formUnion(rooms.map(\.id))
            throw error
        }
        // An unsent message, or one of someone ignored, is read with the rest, but not printed: it is no news.
        var shownUpTo: [Int: Int] = [:]
        for (message, room) in unread.sorted(by: { $0.message.id < $1.message.id }) {
            if message.status != .deleted, !context.hides(message) {
                context.console.show(.messageElsewhere(message, room: room, viewer: session.user, preview: false))
            }
            // Each room's messages here run on from its first unread with no gap.
            shownUpTo[room.id] = message.id
        }
        for (roomID, last) in shownUpTo { context.live.notePrinted(upTo: last, in: roomID) }
        try await withoutRoomsLeft(shownUpTo) { shownUpTo in
            if shownUpTo.count > 1, let store = context.store as? any BatchMarking {
                try await store.markRead(shownUpTo, for: session)
            } else {
                for (roomID, last) in shownUpTo.sorted(by: { $0.key < $1.key }) {
                    try await context.store.markRead(roomID: roomID, upTo: last, for: session)
                }
            }
        }
        return unread.contains { isNews($0.message, for: session) }
    }

    /// What `body` gives for `rooms` (ids and a message id each), less each room the user left
    /// since the look began: the store has no such room for them any more, so it is forgotten
    /// and `body` runs again without it; nil when every room was left. Failing the whole look
    /// for it would fail every look after, and show nothing of the rooms still theirs.
    private func withoutRoomsLeft<T>(
        _ rooms: [Int: Int], _ body: ([Int: Int]) async throws -> T
    ) async throws -> T? {
        var rooms = rooms
        while !rooms.isEmpty {
            do {
                return try await body(rooms)
            } catch StoreError.noSuchRoom(let roomID) where rooms[roomID] != nil {
                rooms[roomID] = nil
                forget(roomID)
            }
        }
        return nil
    }

    /// Forgets a room the user left since the look began.
    private func forget(_ roomID: Int) {
        knownRooms[roomID] = nil
        shownThrough[roomID] = nil
    }

    /// Each room's messages after its id, at most a room's unread cap: in one read when the
    /// store can (`BatchReading`), so that news in many rooms costs what news in one does.
    private func messages(after: [Int: Int], for session: Session) async throws -> [Int: [Message]] {
        if after.count > 1, let store = context.store as? any BatchReading {
            return try await store.messages(after: after, for: session, limit: RoomScreen.unreadCap)
        }
        var found: [Int: [Message]] = [:]
        for (roomID, after) in after.sorted(by: { $0.key < $1.key }) {
            found[roomID] = try await context.store.messages(in: roomID, for: session, after: after, limit: RoomScreen.unreadCap)
        }
        return found
    }

    /// Whether a message is news to the user: someone else's, not unsent, and not from someone they ignore.
    private func isNews(_ message: Message, for session: Session) -> Bool {
        message.isUnread(by: session.user) && !context.hides(message)
    }

    /// The rooms that may hold unread: those the stream named since the last look, when it
    /// has told of everything since every room was read; every room with unread otherwise. So
    /// a look costs what came, not how many rooms there are.
    private func roomsToLook(for session: Session) async throws -> [Room] {
        let live = context.live
        // Taken before any read, so that what comes while reading is looked at next time.
        let named = live.takeRoomsWithNews().union(roomsLeftUnread)
        roomsLeftUnread = []
        if live.brings(session), everyRoomReadIn == live.epoch {
            var rooms: [Room] = []
            for id in named.sorted() {
                do {
                    if let known = knownRooms[id] {
                        rooms.append(known)
                    } else {
                        let room = try await context.store.room(id: id, for: session)
                        knownRooms[id] = room
                        rooms.append(room)
                    }
                } catch StoreError.noSuchRoom {
                    // Left since: nothing to show of it.
                } catch {
                    roomsLeftUnread.formUnion(named)
                    throw error
                }
            }
            return rooms
        }
        // Known from the epoch taken before the read, and only once the read is done: a read
        // that failed is done again next time. The store's marks are the truth again.
        let epoch = live.brings(session) ? live.epoch : nil
        let summaries = try await context.store.rooms(of: session)
        knownRooms = Dictionary(summaries.map { ($0.room.id, $0.room) }) { first, _ in first }
        shownThrough = [:]
        everyRoomReadIn = epoch
        return summaries.filter { $0.unreadCount > 0 }.map(\.room)
    }
}
