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
        case invite, members, leave, more, edit, unsend, wait, find

        var argument: CommandSpec.Argument {
            switch self {
            case .invite: .required("<name>")
            case .members, .leave, .more: .none
            case .edit: .required("[#n] <text>")
            case .unsend: .optional("#n")
            case .wait: .optional("seconds")
            case .find: MessageSearchScreen.Command.find.argument
            }
        }

        var summary: String {
            switch self {
            case .invite: "bring someone in (a 1:1 room becomes a new group room)"
            case .members: "who is in the room"
            case .leave: "leave the room"
            case .more: "older messages"
            case .edit: "change your last message, or your message #n, to the text"
            case .unsend: "delete your last message, or your message #n"
            case .wait: "print the next messages from others as they come (default 30 s)"
            case .find: MessageSearchScreen.Command.find.summary
            }
        }
    }

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
    /// The newest message shown so far: the room is read up to it, and no further.
    private(set) var newestShownID = 0
    /// Each message as last printed here, so that a change is printed once, however it comes.
    private var shown: [Int: Message] = [:]

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
        guard let firstUnread = try await context.store.firstUnread(in: room.id, for: session) else {
            let page = try await context.store.messages(in: room.id, for: session, before: nil, limit: Self.pageSize)
            header(hasOlder: page.hasOlder)
            show(page)
            try await markShownRead(page.messages)
            return
        }
        let unread = try await context.store.messages(in: room.id, for: session, after: firstUnread - 1, limit: Self.unreadCap + 1)
        let shown = Array(unread.prefix(Self.unreadCap))
        // Older messages fill the page above the marker, as context. With no room left there,
        // only whether any is older matters (for /more): a store asked for none may refuse.
        let space = Self.pageSize - shown.count
        let above = try await context.store.messages(in: room.id, for: session, before: firstUnread, limit: max(1, space))
        let before = space > 0 ? above : MessagePage(messages: [], hasOlder: !above.messages.isEmpty || above.hasOlder)
        header(hasOlder: before.hasOlder)
        show(before, saysWhenEmpty: false)
        context.console.line("── \(shown.count { $0.isUnread(by: session.user) }) new ──")
        show(MessagePage(messages: shown, hasOlder: before.hasOlder), keepsOldest: !before.messages.isEmpty)
        if unread.count > Self.unreadCap {
            context.console.line("── more new after these: /next shows them ──")
        }
        try await markShownRead(shown)
    }

    private func header(hasOlder: Bool) {
        guard let user = context.login.user else { return }
        context.console.line("\(room.title(for: user)) · \(room.memberList)\(hasOlder ? " · /more for older" : "")")
    }

    func handle(_ input: ScreenInput) async throws {
        let session = try context.requireSession()
        if case .text(let text) = input {
            // At a terminal, what came in before this line is printed before it, in order.
            var caughtUp = true
            if context.showsLiveMessages {
                do {
                    try await showNewMessages(for: session)
                } catch where Outage.matches(error) {
                    // The store is away: the message waits for it (as a send does), marked so.
                    caughtUp = false
                    context.console.line("… \(session.user.name): \(text)  (to be sent when the connection is back)")
                }
            }
            let message = try await context.store.send(text, to: room.id, from: session)
            // Back: what came meanwhile, this message among it, in order.
            if !caughtUp { _ = try? await showNewMessages(for: session) }
            if message.id > newestShownID {
                print(message)
                newestShownID = message.id
            }
            return
        }
        let (command, argument) = try Command.parse(input, on: self)
        switch command {
        case .edit:
            let (pick, text) = try Self.editArgument(argument)
            print(try await context.store.edit(pick, in: room.id, to: text, by: session))
        case .unsend:
            let pick = argument.isEmpty ? MessagePick.last : .id(try NumberArgument.parse(argument, of: command.spec))
            print(try await context.store.unsend(pick, in: room.id, by: session))
        case .invite:
            let invitee = try await context.store.user(named: argument)
            let invited = try await context.store.invite(invitee, to: room.id, by: session)
            if invited.id == room.id {
                room = invited
                context.console.line("\(invitee.name) joined \(room.title(for: session.user)) · \(room.memberList)")
            } else {
                context.console.line("made group #\(invited.id) with \(invited.members.map(\.name).joined(separator: ", "))")
            }
            try await didSendEventClosure?(.didInvite(room: invited))
        case .members:
            room = try await context.store.room(id: room.id, for: session)
            context.console.line(room.memberList)
        case .leave:
            try await context.store.leave(roomID: room.id, session: session)
            context.console.line("you left \(room.title(for: session.user))")
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
            let seconds = try WaitArgument.seconds(argument, of: command.spec)
            try await wait(seconds: seconds, for: session)
        case .find:
            try await didSendEventClosure?(.find(argument))
        }
    }

    func offerCompletions(to vocabulary: inout CompletionVocabulary) async {
        // /invite: nobody already in the room.
        vocabulary.inviteNames = vocabulary.userNames.filter { name in !room.members.contains { $0.isNamed(name) } }
    }

    /// A message that arrived while the room is open: printed, and read, unless already shown.
    func receive(_ message: Message) async throws {
        guard message.id > newestShownID, let session = context.login.session else { return }
        print(message)
        newestShownID = message.id
        if !message.sender.isNamed(session.user.name) {
            try await context.store.markRead(roomID: room.id, upTo: message.id, for: session)
        }
    }

    /// A message edited or deleted: printed again as it is now, in the open room, if this
    /// screen has shown it, and unless it printed it so already (the user's own change, or
    /// a change sent again after a reconnection).
    func receiveChange(_ message: Message) {
        guard let before = shown[message.id], before != message else { return }
        print(message)
    }

    /// Reads `/edit`'s argument: `#n` then the text for message n, or the text alone for the
    /// last message (a text may begin with a number, or with `#` and a word).
    static func editArgument(_ argument: String) throws -> (MessagePick, String) {
        let words = argument.split(maxSplits: 1, whereSeparator: \.isWhitespace)
        guard let first = words.first, first.hasPrefix("#"), let id = Int(first.dropFirst()), id > 0 else {
            return (.last, argument)
        }
        guard words.count == 2 else { throw CommandError.badArgument("the new text is missing", usage: Command.edit.spec.usage) }
        return (.id(id), String(words[1]))
    }

    /// The room as it is now, after someone came or went: says who.
    func update(_ changed: Room) {
        let came = changed.members.filter { !room.hasMember($0) }
        let went = room.members.filter { !changed.hasMember($0) }
        room = changed
        for member in came { context.console.line("\(member.name) joined · \(room.memberList)") }
        for member in went { context.console.line("\(member.name) left · \(room.memberList)") }
    }

    /// `/wait`: prints what came since the last message shown and, until a message from
    /// someone else is among it, waits for more. - Throws: `CommandError.waitTimedOut`.
    private func wait(seconds: Int, for session: Session) async throws {
        await context.live.follow(session)
        guard try await context.live.waitForNews(seconds: seconds, look: { try await showNewMessages(for: session) }) else {
            throw CommandError.waitTimedOut(seconds: seconds, place: title)
        }
    }

    /// Prints, by key, what is newer than the newest message shown; whether any was someone else's.
    @discardableResult
    private func showNewMessages(for session: Session) async throws -> Bool {
        let new = try await context.store.messages(in: room.id, for: session, after: newestShownID, limit: Self.unreadCap)
        new.forEach(print)
        try await markShownRead(new)
        return new.contains { !$0.sender.isNamed(session.user.name) }
    }

    /// Prints a page; `/more` then pages before its oldest message, unless `keepsOldest` (a page
    /// printed above this one holds the oldest).
    private func show(_ page: MessagePage, saysWhenEmpty: Bool = true, keepsOldest: Bool = false) {
        if page.messages.isEmpty && saysWhenEmpty {
            context.console.line("no messages yet: type one and press Enter")
        }
        page.messages.forEach(print)
        if !keepsOldest { oldestShownID = page.messages.first?.id ?? oldestShownID }
        hasOlder = page.hasOlder
    }

    /// Prints a message of this room, numbered, and notes it as shown.
    private func print(_ message: Message) {
        context.console.show(.message(message))
        shown[message.id] = message
    }

    private func markShownRead(_ messages: [Message]) async throws {
        guard let newest = messages.last, let session = context.login.session else { return }
        newestShownID = max(newestShownID, newest.id)
        try await context.store.markRead(roomID: room.id, upTo: newest.id, for: session)
    }
}
