import Foundation
import TudyCore
import TudyTerminal

/// A chat room: its latest messages, and plain text to send.
@MainActor
final class RoomScreen: SendsEvents {
    /// What a room asks its coordinator to do.
    enum Event: Equatable {
        case didInvite(room: Room)
        case didLeave(room: Room)
        case find(String)
    }

    /// How many messages a page holds.
    static let pageSize = 20
    /// The most unread messages shown on opening; past it, `/next` goes on where it stopped.
    static let unreadCap = 100

    var didSendEventClosure: (@MainActor (Event) async throws -> Void)?
    private(set) var room: Room
    let context: AppContext
    /// The oldest message shown so far; `/more` pages before it, by key.
    private var oldestShownID: Int?
    private var hasOlder = false
    /// What has been shown, and so how far the room may be marked read.
    var timeline = RoomTimeline()
    /// The live feed's epoch when a read by key last reached the room's end, while the feed
    /// brought the user's changes: as long as it holds, a message the feed brings follows
    /// the last one shown with nothing missing. Nil when the room is not read to its end.
    var liveSince: Int?
    /// A line whose send had no answer, with the key it was sent under: sent again, it goes
    /// under the same key, so that the store keeps it once whether or not the first try arrived.
    var unconfirmed: OutgoingMessage?
    /// How often news shown here is marked read.
    let readMarkPacer: ReadMarkPacer
    /// How the room's lines look.
    let drawing: RoomDrawing
    /// How far each member has read the room, for the count beside each message of who has
    /// not read it yet; nil while the store can not say (a server older than read counts).
    var readMarks: ReadMarks?

    init(room: Room, context: AppContext) {
        self.room = room
        self.context = context
        readMarkPacer = ReadMarkPacer(sleep: context.sleep, pauseEnded: { [weak context] in await context?.tick() })
        drawing = RoomDrawing(context: context)
    }

    var subject: ScreenSubject { .room(room.id) }
    var title: String {
        context.login.user.map(room.title(for:)) ?? "#\(room.id)"
    }

    var commands: [CommandSpec] { RoomCommand.specs }
    var takesText: Bool { true }

    /// Shows the room: the last page, or, when there is anything unread, every unread message
    /// up to the cap after a marker line. It is marked read up to the last message printed.
    func appear() async throws {
        let session = try context.requireSession()
        try await readRoomAgain(for: session)
        try await context.readQuiet()
        await readMarksAgain()
        let epoch = liveEpoch(for: session)
        guard let firstUnread = try await context.store.firstUnread(in: room.id, for: session) else {
            let page = try await context.store.messages(in: room.id, for: session, before: nil, limit: Self.pageSize)
            // The newest page, read after the feed began: the room is read to its end.
            timeline = RoomTimeline(cursor: page.messages.last?.id ?? 0)
            liveSince = epoch
            header(hasOlder: page.hasOlder)
            try await showNoticeIfUnread(for: session)
            show(page)
            return
        }
        let unread = try await context.store.messages(in: room.id, for: session, after: firstUnread - 1, limit: Self.unreadCap + 1)
        let shown = Array(unread.prefix(Self.unreadCap))
        // Older messages fill the page above the marker, as context. With no room left there,
        // only whether any is older matters (for /more): a store asked for none may refuse.
        let space = Self.pageSize - shown.count
        let above = try await context.store.messages(in: room.id, for: session, before: firstUnread, limit: max(1, space))
        let before = space > 0 ? above : MessagePage(messages: [], hasOlder: !above.messages.isEmpty || above.hasOlder)
        // Everything before the first unread is read already; the unread follow it.
        timeline = RoomTimeline(cursor: firstUnread - 1)
        _ = timeline.takeFollowing(shown, viewer: session.user)
        header(hasOlder: before.hasOlder)
        try await showNoticeIfUnread(for: session)
        show(before, saysWhenEmpty: false)
        // Counted as the user sees them: without what someone they ignore said.
        context.console.show(.unreadMarker(count: shown.count { $0.isUnread(by: session.user) && !context.hides($0) }))
        show(MessagePage(messages: shown, hasOlder: before.hasOlder), keepsOldest: !before.messages.isEmpty)
        if unread.count > Self.unreadCap {
            context.console.line("── more new after these: /next shows them ──")
            liveSince = nil
        } else {
            liveSince = epoch
        }
        try await markShownRead()
    }

    private func header(hasOlder: Bool) {
        drawing.header(room, hasOlder: hasOlder)
    }

    func handle(_ input: ScreenInput) async throws {
        let session = try context.requireSession()
        if case .text(let text) = input {
            try await send(text, for: session)
            return
        }
        let command = try RoomCommand.parse(input, on: self)
        switch command {
        case .me(let action):
            try await send(action, kind: .action, for: session)
        case .reply(let id, let text):
            try await send(text, replyingTo: id, for: session)
        case .react(let id, let emoji):
            printChange(try await context.store.react(to: id, in: room.id, with: emoji, by: session))
        case .seen(let id):
            try await showReaders(of: id, for: session)
        case .edit(let pick, let text):
            printChange(try await context.store.edit(pick, in: room.id, to: text, by: session))
        case .unsend(let pick):
            printChange(try await context.store.unsend(pick, in: room.id, by: session))
        case .invite(let name):
            let invitee = try await context.store.user(named: name)
            let outcome = try await context.store.invite(invitee, to: room.id, by: session)
            let invited = outcome.room
            let madeGroup = invited.id != room.id
            if madeGroup { context.console.show(.roomChange(.madeGroup, room: invited, viewer: session.user)) } else { room = invited }
            switch outcome {
            case .admitted: if !madeGroup { context.console.show(.roomChange(.invited(invitee), room: room, viewer: session.user)) }
            case .asked: context.console.show(.roomChange(.asked(invitee), room: invited, viewer: session.user))
            }
            try await didSendEventClosure?(.didInvite(room: invited))
        case .kick(let name):
            let member = User(name: name)
            room = try await context.store.kick(member, from: room.id, by: session)
            context.console.show(.roomChange(.removed(member), room: room, viewer: session.user))
        case .rename(let name):
            let renamed = try await context.store.rename(roomID: room.id, to: name, by: session)
            update(renamed)
        case .topic(nil):
            try await readRoomAgain(for: session)
            context.console.line(room.topic.map { "topic: " + $0 } ?? "no topic: /topic <text> sets one")
        case .topic(let text?):
            let before = room.topic
            let changed = try await context.store.setTopic(roomID: room.id, to: text == "-" ? "" : text, by: session)
            update(changed)
            // A change is announced as it comes; none is said in a line of its own.
            if changed.topic == before {
                context.console.line(before.map { "the topic is \($0) already" } ?? "no topic to clear: /topic <text> sets one")
            }
        case .notice(let action):
            try await notice(action, for: session)
        case .timer(let action):
            try await timer(action, for: session)
        case .session(let action):
            try await self.session(action, for: session)
        case .sessions:
            try await showSessions(for: session)
        case .rsvp(let action):
            try await rsvp(action, for: session)
        case .checkin:
            try await checkIn(for: session)
        case .checkout:
            try await checkOut(for: session)
        case .attendance(let weeks):
            try await showAttendance(weeks: weeks, for: session)
        case .mute, .unmute:
            try await context.store.setQuiet(.room(room.id), command == .mute, by: session)
            try await context.readQuiet()
            context.console.show(.roomChange(.muted(command == .mute), room: room, viewer: session.user))
        case .members:
            try await readRoomAgain(for: session)
            let online = try await (context.store as? any PresenceSource)?.connectedMembers(of: room.id, for: session)
            context.console.show(.members(room, online: online))
        case .leave:
            try await context.store.leave(roomID: room.id, session: session)
            context.console.show(.roomChange(.userLeft, room: room, viewer: session.user))
            try await didSendEventClosure?(.didLeave(room: room))
        case .more:
            guard hasOlder, let oldest = oldestShownID else {
                context.console.line("no older messages: this is the start of the room")
                return
            }
            let page = try await context.store.messages(in: room.id, for: session, before: oldest, limit: Self.pageSize)
            context.console.line("older messages\(page.hasOlder ? " (/more for more)" : ", back to the start of the room"):")
            show(page)
        case .wait(let seconds):
            try await wait(seconds: seconds, for: session)
        case .find(let words):
            try await didSendEventClosure?(.find(words))
        }
    }

    func offerCompletions(to vocabulary: inout CompletionVocabulary) async {
        // /invite: nobody already in the room.
        vocabulary.inviteNames = vocabulary.userNames.filter { name in !room.members.contains { $0.isNamed(name) } }
        let me = context.login.user
        vocabulary.memberNames = room.members.map(\.name).filter { !(me?.isNamed($0) ?? false) }
    }

    /// The room as the store has it now, for a command that shows it as it is.
    func readRoomAgain(for session: Session) async throws {
        room = try await context.store.room(id: room.id, for: session)
        context.alarms.read([room])
    }

    /// The room as it is now, after someone came or went, or it was renamed or given a topic:
    /// says what changed, each in a line of its own.
    func update(_ changed: Room) {
        let before = room
        room = changed
        context.alarms.noteSessions(of: changed)
        drawing.changes(from: before, to: changed)
    }

    /// Prints a page; `/more` then pages before its oldest message, unless `keepsOldest` (a page
    /// printed above this one holds the oldest).
    private func show(_ page: MessagePage, saysWhenEmpty: Bool = true, keepsOldest: Bool = false) {
        if page.messages.isEmpty && saysWhenEmpty {
            context.console.line("no messages yet: type one and press Enter")
        }
        for message in page.messages {
            timeline.noteShown(message)
            print(message)
        }
        if !keepsOldest { oldestShownID = page.messages.first?.id ?? oldestShownID }
        hasOlder = page.hasOlder
    }

    /// Prints a message of this room as `RoomDrawing` draws it; one from someone the user
    /// ignores is not printed, but counts as shown all the same.
    func print(_ message: Message) {
        drawing.message(message, in: room, marks: readMarks)
    }

    /// Prints the user's own change, and notes it shown as it is now: the same change,
    /// brought again by the live feed, is not printed twice.
    private func printChange(_ message: Message) {
        timeline.noteShown(message)
        print(message)
    }
}
