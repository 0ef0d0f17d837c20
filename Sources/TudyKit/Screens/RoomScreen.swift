import Foundation

/// A chat room: its latest messages, and plain text to send.
@MainActor
final class RoomScreen: Screen {
    /// What a room asks its coordinator to do.
    enum Event: Equatable {
        case didInvite(room: Room)
        case didLeave(room: Room)
        case find(String)
    }

    enum Command: String, CommandSet {
        case me, reply, react, seen, invite, kick, members, rename, topic, mute, unmute, leave, more, edit, unsend, wait, find

        var argument: CommandSpec.Argument {
            switch self {
            case .me: .required(.text(placeholder: "<action>"))
            case .reply: .required(.numberedText(placeholder: "#n <text>", which: "you answer", missing: "the reply's text is missing"))
            case .react: .required(.numberedText(placeholder: "#n <emoji>", which: "you react to", missing: "the emoji is missing"))
            case .seen: .required(.messageNumber)
            case .invite: .required(.invitee)
            case .kick: .required(.member)
            case .rename: .required(.text(placeholder: "<name>"))
            case .mute, .unmute: .none
            case .topic: .optional(.text(placeholder: "<text>"))
            case .members, .leave, .more: .none
            case .edit: .required(.replacementText)
            case .unsend: .optional(.messageNumber)
            case .wait: .optional(.seconds)
            case .find: MessageSearchScreen.Command.find.argument
            }
        }

        var summary: String {
            switch self {
            case .me: "tell the room what you do: /me waves shows * you waves"
            case .reply: "answer message #n: its first words are shown above yours"
            case .react: "set an emoji on message #n for everyone to see; again takes it back"
            case .seen: "who has read message #n, and who has not yet"
            case .invite: "bring someone in (a 1:1 room becomes a new group room)"
            case .kick: "take someone out of your post's study room, for good"
            case .rename: "name this group room, for everyone in it"
            case .mute: "no notices or bell from this room; its unread leave the prompt's total"
            case .unmute: "hear from this room again"
            case .topic: "show the room's topic; with text, set it for everyone; /topic - clears it"
            case .members: "who is in the room; on a server, who of them is online now"
            case .leave: "leave the room"
            case .more: "older messages"
            case .edit: "change your last message, or your message #n, to the text"
            case .unsend: "delete your last message, or your message #n"
            case .wait: "print the next messages from others as they come (default 30 s)"
            case .find: MessageSearchScreen.Command.find.summary
            }
        }
    }

    /// The least time between two marks of the room as read while news streams in: a busy
    /// room costs a few writes a second, however many messages it gets.
    static let readMarkPause = Duration.milliseconds(250)

    /// How many messages a page holds.
    static let pageSize = 20
    /// The most unread messages shown on opening; past it, `/next` goes on where it stopped.
    static let unreadCap = 100

    var didSendEventClosure: (@MainActor (Event) async throws -> Void)?
    private(set) var room: Room
    private let context: AppContext
    /// The oldest message shown so far; `/more` pages before it, by key.
    private var oldestShownID: Int?
    private var hasOlder = false
    /// What has been shown, and so how far the room may be marked read.
    private var timeline = RoomTimeline()
    /// The live feed's epoch when a read by key last reached the room's end, while the feed
    /// brought the user's changes: as long as it holds, a message the feed brings follows
    /// the last one shown with nothing missing. Nil when the room is not read to its end.
    private var liveSince: Int?
    /// A line whose send had no answer, with the key it was sent under: sent again, it goes
    /// under the same key, so that the store keeps it once whether or not the first try arrived.
    private var unconfirmed: OutgoingMessage?
    /// Set while a mark of news as read waits out `readMarkPause` after the last one.
    private var markIsPaused = false
    /// How far each member has read the room, for the count beside each message of who has
    /// not read it yet; nil while the store can not say (a server older than read counts).
    private var readMarks: ReadMarks?

    init(room: Room, context: AppContext) {
        self.room = room
        self.context = context
    }

    var title: String {
        context.login.user.map(room.title(for:)) ?? "#\(room.id)"
    }

    var commands: [CommandSpec] { Command.specs }
    var takesText: Bool { true }

    /// Shows the room: the last page, or, when there is anything unread, every unread message
    /// up to the cap after a marker line. It is marked read up to the last message printed.
    func appear() async throws {
        let session = try context.requireSession()
        room = try await context.store.room(id: room.id, for: session)
        try await context.readQuiet()
        await readMarksAgain()
        let epoch = liveEpoch(for: session)
        guard let firstUnread = try await context.store.firstUnread(in: room.id, for: session) else {
            let page = try await context.store.messages(in: room.id, for: session, before: nil, limit: Self.pageSize)
            // The newest page, read after the feed began: the room is read to its end.
            timeline = RoomTimeline(cursor: page.messages.last?.id ?? 0)
            liveSince = epoch
            header(hasOlder: page.hasOlder)
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
        guard let user = context.login.user else { return }
        context.console.show(.roomHeader(room, viewer: user, hasOlder: hasOlder))
    }

    func handle(_ input: ScreenInput) async throws {
        let session = try context.requireSession()
        if case .text(let text) = input {
            try await send(text, for: session)
            return
        }
        let (command, argument) = try Command.parse(input, on: self)
        switch command {
        case .me:
            try await send(argument.text, kind: .action, for: session)
        case .reply:
            try await send(argument.text, replyingTo: try command.number(in: argument), for: session)
        case .react:
            let id = try command.number(in: argument)
            printChange(try await context.store.react(to: id, in: room.id, with: argument.text, by: session))
        case .seen:
            try await showReaders(of: try command.number(in: argument), for: session)
        case .edit:
            printChange(try await context.store.edit(argument.pick, in: room.id, to: argument.text, by: session))
        case .unsend:
            printChange(try await context.store.unsend(argument.pick, in: room.id, by: session))
        case .invite:
            let invitee = try await context.store.user(named: argument.text)
            let invited = try await context.store.invite(invitee, to: room.id, by: session)
            if invited.id == room.id {
                room = invited
                context.console.show(.roomChange(.invited(invitee), room: room, viewer: session.user))
            } else {
                context.console.show(.roomChange(.madeGroup, room: invited, viewer: session.user))
            }
            try await didSendEventClosure?(.didInvite(room: invited))
        case .kick:
            let member = User(name: argument.text)
            room = try await context.store.kick(member, from: room.id, by: session)
            context.console.show(.roomChange(.removed(member), room: room, viewer: session.user))
        case .rename:
            let renamed = try await context.store.rename(roomID: room.id, to: argument.text, by: session)
            update(renamed)
        case .topic where argument == .none:
            room = try await context.store.room(id: room.id, for: session)
            context.console.line(room.topic.map { "topic: " + $0 } ?? "no topic: /topic <text> sets one")
        case .topic:
            let before = room.topic
            let changed = try await context.store.setTopic(roomID: room.id, to: argument.text == "-" ? "" : argument.text, by: session)
            update(changed)
            // A change is announced as it comes; none is said in a line of its own.
            if changed.topic == before {
                context.console.line(before.map { "the topic is \($0) already" } ?? "no topic to clear: /topic <text> sets one")
            }
        case .mute, .unmute:
            try await context.store.setQuiet(.room(room.id), command == .mute, by: session)
            try await context.readQuiet()
            context.console.show(.roomChange(.muted(command == .mute), room: room, viewer: session.user))
        case .members:
            room = try await context.store.room(id: room.id, for: session)
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
        case .wait:
            let seconds = argument.seconds
            try await wait(seconds: seconds, for: session)
        case .find:
            try await didSendEventClosure?(.find(argument.text))
        }
    }

    func offerCompletions(to vocabulary: inout CompletionVocabulary) async {
        // /invite: nobody already in the room.
        vocabulary.inviteNames = vocabulary.userNames.filter { name in !room.members.contains { $0.isNamed(name) } }
        let me = context.login.user
        vocabulary.memberNames = room.members.map(\.name).filter { !(me?.isNamed($0) ?? false) }
    }

    /// Sends a line. At a terminal, with the room read to its end and the feed bringing the
    /// user's changes, the message is printed when the feed brings it, after whatever came
    /// before it; otherwise what is new is read by key, this message among it. A script is
    /// shown only its own message, until it asks for news with `/wait`.
    private func send(_ text: String, kind: Message.Kind = .text, replyingTo: Int? = nil, for session: Session) async throws {
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

    /// Whether everything in the room has been shown, as far as this screen knows.
    var isReadToItsEnd: Bool { liveSince != nil }

    /// Whether a message the live feed brings for this room can be printed as it comes.
    private func isLive(for session: Session) -> Bool {
        context.showsLiveMessages && liveSince != nil && liveSince == liveEpoch(for: session)
    }

    /// The feed's epoch if it brings the user's changes now; taken before a read by key, so
    /// that anything the feed may miss after it is noticed.
    private func liveEpoch(for session: Session) -> Int? {
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
    private func showReaders(of id: Int, for session: Session) async throws {
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

    /// The room as it is now, after someone came or went, or it was renamed or given a topic:
    /// says what changed, each in a line of its own.
    func update(_ changed: Room) {
        let before = room
        room = changed
        guard let viewer = context.login.user else { return }
        let came = changed.members.filter { !before.hasMember($0) }.map(RoomChange.joined)
        let went = before.members.filter { !changed.hasMember($0) }.map(RoomChange.left)
        let named = changed.name.flatMap { $0 == before.name ? nil : RoomChange.named($0) }
        let topic = changed.topic == before.topic ? nil : RoomChange.topic(changed.topic)
        for change in came + went + [named, topic].compactMap({ $0 }) {
            context.console.show(.roomChange(change, room: changed, viewer: viewer))
        }
    }

    /// `/wait`: prints what came since the last message shown and, until a message from
    /// someone else is among it, waits for more. - Throws: `CommandError.waitTimedOut`.
    private func wait(seconds: Int, for session: Session) async throws {
        await context.live.follow(session)
        guard try await context.live.waitForNews(seconds: seconds, look: { try await showNewMessages(for: session) }) else {
            throw CommandError.waitTimedOut(seconds: seconds, place: title)
        }
    }

    /// Prints, by key, what follows the last message shown, up to the unread cap, and marks
    /// it read; whether any was someone else's.
    @discardableResult
    private func showNewMessages(for session: Session) async throws -> Bool {
        let epoch = liveEpoch(for: session)
        let new = try await context.store.messages(in: room.id, for: session, after: timeline.cursor, limit: Self.unreadCap)
        let fresh = timeline.takeFollowing(new, viewer: session.user)
        fresh.forEach(print)
        liveSince = new.count < Self.unreadCap ? epoch : nil
        try await markShownRead()
        return fresh.contains { !$0.sender.isNamed(session.user.name) }
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

    /// Prints a message of this room, numbered, with how many members have not read it yet;
    /// unless its sender is one the user ignores: it counts as shown all the same. The user
    /// has read what is shown to them: they are not counted.
    private func print(_ message: Message) {
        guard !context.hides(message) else { return }
        let viewer = context.login.user
        let unread = readMarks?.readers(of: message, in: room).unread.filter { !$0.isNamed(viewer?.name ?? "") }.count ?? 0
        context.console.show(.message(message, unreadBy: message.status == .deleted ? 0 : unread))
    }

    /// Prints the user's own change, and notes it shown as it is now: the same change,
    /// brought again by the live feed, is not printed twice.
    private func printChange(_ message: Message) {
        timeline.noteShown(message)
        print(message)
    }

    /// Marks the room read, as `markShownRead` does, for news that streamed in: at once, unless
    /// it was done less than `readMarkPause` ago; then once that time is up, for all that came
    /// meanwhile.
    func markNewsRead() async throws {
        // Nothing to mark (a change that showed no message): no write, so no pause either.
        guard !markIsPaused, timeline.readMarkDue != nil else { return }
        // Paused before the mark is awaited: news shown meanwhile waits for the next one.
        markIsPaused = true
        defer { resumeMarkingAfterPause() }
        try await markShownRead()
    }

    /// Ends the pause after a mark of news, once `readMarkPause` is up; then marks what was
    /// shown meanwhile.
    private func resumeMarkingAfterPause() {
        let sleep = context.sleep
        Task { [weak self] in
            try? await sleep(Self.readMarkPause)
            guard let self else { return }
            markIsPaused = false
            // Shown meanwhile: marked now. Left (or logged out) meanwhile: nothing to mark.
            // A failed mark is left to the next one, which covers it.
            guard timeline.readMarkDue != nil, context.login.session != nil else { return }
            try? await markNewsRead()
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
