/// A 1:1 room that does not exist yet: opened by `/dm`, made by the store only when the first
/// message is sent, so that looking at someone's post and going back leaves no empty room.
@MainActor
final class DirectRoomDraftScreen: Screen {
    /// What the draft asks its coordinator to do.
    enum Event: Equatable {
        /// The first message made the room: show the room in this screen's place.
        case didStart(room: Room)
        case didLeave
        case find(String)
    }

    static let commandSpecs = [RoomScreen.invite, members, leave, RoomScreen.more, MessageSearchScreen.find]
    static let members = CommandSpec("members", "who the room will hold")
    static let leave = CommandSpec("leave", "go back; nothing was stored")

    var didSendEventClosure: (@MainActor (Event) async throws -> Void)?
    /// Who the room is with.
    let other: User
    private let context: AppContext

    init(with other: User, context: AppContext) {
        self.other = other
        self.context = context
    }

    var title: String { "@\(other.name)" }
    var commands: [CommandSpec] { Self.commandSpecs }
    var takesText: Bool { true }

    func appear() async throws {
        let session = try context.requireSession()
        context.console.line("@\(other.name) · \(memberList(session))")
        context.console.line("no messages yet: type one and press Enter (the room is made when you send it)")
    }

    func handle(_ input: ScreenInput) async throws {
        let session = try context.requireSession()
        switch input {
        case .text(let text):
            try Message.check(text)
            let room = try await context.store.directRoom(between: session, and: other)
            _ = try await context.store.send(text, to: room.id, from: session)
            try await didSendEventClosure?(.didStart(room: room))
        case .command("invite", let name):
            // A third person makes it a group room: the 1:1 room is made on the way, as a
            // 1:1 room with an invitation always leaves one.
            let invitee = try await context.store.user(named: name)
            let direct = try await context.store.directRoom(between: session, and: other)
            let group = try await context.store.invite(invitee, to: direct.id, by: session)
            context.console.line("made group #\(group.id) with \(group.members.map(\.name).joined(separator: ", "))")
            try await didSendEventClosure?(.didStart(room: group))
        case .command("members", _):
            context.console.line(memberList(session))
        case .command("more", _):
            context.console.line("no older messages: this is the start of the room")
        case .command("find", let query):
            try await didSendEventClosure?(.find(query))
        case .command("leave", _):
            context.console.line("no room was made with \(other.name)")
            try await didSendEventClosure?(.didLeave)
        default:
            throw unsupported(input)
        }
    }

    private func memberList(_ session: Session) -> String {
        // As the room will list them once made: the one who writes first, then the other.
        [session.user, other].map(\.name).joined(separator: ", ")
    }
}
