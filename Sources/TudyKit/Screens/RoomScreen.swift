/// A chat room: its latest messages, and plain text to send.
@MainActor
public final class RoomScreen: Screen {
    /// What a room asks its coordinator to do.
    public enum Event: Equatable {
        case didInvite(room: Room)
        case didLeave(room: Room)
    }

    static let invite = CommandSpec("invite", .required("<name>"), "bring someone in (a 1:1 room becomes a new group room)")
    static let members = CommandSpec("members", "who is in the room")
    static let leave = CommandSpec("leave", "leave the room")
    static let more = CommandSpec("more", "older messages")
    static let commandSpecs = [invite, members, leave, more]

    /// How many messages a page holds.
    public static let pageSize = 20

    public var didSendEventClosure: (@MainActor (Event) async throws -> Void)?
    public private(set) var room: Room
    private let context: AppContext
    /// The oldest message shown so far; `/more` pages before it, by key.
    private var oldestShownID: Int?
    private var hasOlder = false

    public init(room: Room, context: AppContext) {
        self.room = room
        self.context = context
    }

    public var title: String {
        context.session.user.map(room.title(for:)) ?? "#\(room.id)"
    }

    public var commands: [CommandSpec] { Self.commandSpecs }
    public var takesText: Bool { true }

    public func appear() async throws {
        let user = try context.requireUser()
        room = try await context.store.room(id: room.id, for: user)
        let page = try await context.store.messages(in: room.id, for: user, before: nil, limit: Self.pageSize)
        context.console.line("\(room.title(for: user)) · \(room.memberList)\(page.hasOlder ? " · /more for older" : "")")
        show(page)
        if let newest = page.messages.last {
            try await context.store.markRead(roomID: room.id, upTo: newest.id, for: user)
        }
    }

    public func handle(_ input: ScreenInput) async throws {
        let user = try context.requireUser()
        switch input {
        case .text(let text):
            let message = try await context.store.send(text, to: room.id, from: user)
            context.console.message(message, format: context.format)
        case .command("invite", let name):
            let invitee = try await context.store.user(named: name)
            let invited = try await context.store.invite(invitee, to: room.id, by: user)
            if invited.id == room.id {
                room = invited
                context.console.line("\(invitee.name) joined \(room.title(for: user)) · \(room.memberList)")
            } else {
                context.console.line("made group #\(invited.id) with \(invited.members.map(\.name).joined(separator: ", "))")
            }
            try await didSendEventClosure?(.didInvite(room: invited))
        case .command("members", _):
            room = try await context.store.room(id: room.id, for: user)
            context.console.line(room.memberList)
        case .command("leave", _):
            try await context.store.leave(roomID: room.id, user: user)
            context.console.line("you left \(room.title(for: user))")
            try await didSendEventClosure?(.didLeave(room: room))
        case .command("more", _):
            guard hasOlder, let oldest = oldestShownID else { throw CommandError.noMoreMessages }
            let page = try await context.store.messages(in: room.id, for: user, before: oldest, limit: Self.pageSize)
            context.console.line("older messages:")
            show(page)
        default:
            throw unsupported(input)
        }
    }

    private func show(_ page: MessagePage) {
        if page.messages.isEmpty {
            context.console.line("no messages yet: type one and press Enter")
        }
        page.messages.forEach { context.console.message($0, format: context.format) }
        oldestShownID = page.messages.first?.id ?? oldestShownID
        hasOlder = page.hasOlder
    }
}
