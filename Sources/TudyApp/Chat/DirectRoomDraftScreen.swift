import TudyCore

/// A 1:1 room that does not exist yet: opened by `/dm`, made by the store only when the first
/// message is sent, so that looking at someone's post and going back leaves no empty room.
@MainActor
final class DirectRoomDraftScreen: SendsEvents {
    /// What the draft asks its coordinator to do.
    enum Event: Equatable {
        /// The first message made the room: show the room in this screen's place.
        case didStart(room: Room)
        case didLeave
        case find(String)
    }

    /// A room's commands, as far as a room not yet made has them.
    var didSendEventClosure: (@MainActor (Event) async throws -> Void)?
    /// Who the room is with.
    let other: User
    private let context: AppContext

    init(with other: User, context: AppContext) {
        self.other = other
        self.context = context
    }

    var title: String { "@\(other.name)" }
    var commands: [CommandSpec] { DraftRoomCommand.specs }
    var takesText: Bool { true }

    func appear() async throws {
        let session = try context.requireSession()
        context.console.show(.draftRoomHeader(with: other, members: members(session)))
        context.console.line("no messages yet: type one and press Enter (the room is made when you send it)")
    }

    func handle(_ input: ScreenInput) async throws {
        let session = try context.requireSession()
        if case .text(let text) = input {
            try Message.check(text)
            let room = try await context.store.directRoom(between: session, and: other)
            _ = try await context.store.send(text, to: room.id, from: session)
            try await didSendEventClosure?(.didStart(room: room))
            return
        }
        switch try DraftRoomCommand.parse(input, on: self) {
        case .invite(let name):
            // A third person makes it a group room: the 1:1 room is made on the way, as a
            // 1:1 room with an invitation always leaves one.
            let invitee = try await context.store.user(named: name)
            let direct = try await context.store.directRoom(between: session, and: other)
            let outcome = try await context.store.invite(invitee, to: direct.id, by: session)
            let group = outcome.room
            context.console.show(.roomChange(.madeGroup, room: group, viewer: session.user))
            if case .asked = outcome { context.console.show(.roomChange(.asked(invitee), room: group, viewer: session.user)) }
            try await didSendEventClosure?(.didStart(room: group))
        case .members:
            context.console.line(members(session).map(\.name).joined(separator: ", "))
        case .more:
            context.console.line("no older messages: this is the start of the room")
        case .find(let words):
            try await didSendEventClosure?(.find(words))
        case .leave:
            context.console.line("no room was made with \(other.name)")
            try await didSendEventClosure?(.didLeave)
        }
    }

    func offerCompletions(to vocabulary: inout CompletionVocabulary) async {
        vocabulary.inviteNames = vocabulary.userNames.filter { !other.isNamed($0) }
    }

    private func members(_ session: Session) -> [User] {
        // As the room will list them once made: the one who writes first, then the other.
        [session.user, other]
    }
}
