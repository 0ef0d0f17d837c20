import TudyCore

/// `/find <words>`: the messages in the user's rooms that hold every word, newest first, each
/// naming its room; `/mentions`: those that name the user. `/open` goes to a room found.
@MainActor
final class MessageSearchScreen: SendsEvents {
    /// What a search asks its coordinator to do.
    enum Event: Equatable {
        case showRoom(room: Room)
        case find(String)
    }

    /// What a search screen lists.
    enum Finding: Equatable, Sendable {
        /// `/find`: messages holding every word.
        case words(String)
        /// `/mentions`: messages that name the user.
        case mentions
    }

    /// The most pages of messages holding the user's name `/mentions` reads for those that
    /// name them as `@name`: a name said often without `@` costs a few reads, no more.
    static let mentionPages = 10

    var didSendEventClosure: (@MainActor (Event) async throws -> Void)?
    let finding: Finding
    private let context: AppContext

    init(finding: Finding, context: AppContext) {
        self.finding = finding
        self.context = context
    }

    var subject: ScreenSubject { .messagesFound }
    var title: String {
        switch finding {
        case .words(let query): "find \(query)"
        case .mentions: "mentions"
        }
    }

    var commands: [CommandSpec] { MessagesFoundCommand.specs }

    func appear() async throws {
        let session = try context.requireSession()
        try await context.readQuiet()
        var found: [Message]
        let what: String
        switch finding {
        case .words(let query):
            found = try await context.store.findMessages(MessageSearch.words(query), for: session, limit: MessageSearch.limit)
                .filter { !context.hides($0) }
            guard !found.isEmpty else {
                context.console.line("no message in your rooms holds '\(query)': /find other words, or /back")
                return
            }
            what = "holding '\(query)'"
        case .mentions:
            found = try await context.mentions(of: session, pages: Self.mentionPages)
            guard !found.isEmpty else {
                context.console.line("nobody has named you (@\(session.user.name)) in your rooms yet")
                return
            }
            what = "naming you (@\(session.user.name))"
        }
        let rooms = Dictionary(try await context.store.rooms(of: session).map { ($0.room.id, $0.room) }) { first, _ in first }
        let count = found.count == MessageSearch.limit ? "the newest \(found.count) messages" : "\(found.count) message\(found.count == 1 ? "" : "s")"
        context.console.line("\(count) \(what), newest first; /open <n> enters room n:")
        for message in found {
            let room = rooms[message.roomID] ?? Room(id: message.roomID, kind: .group, members: [])
            context.console.show(.messageElsewhere(message, room: room, viewer: session.user, preview: false))
        }
    }

    func handle(_ input: ScreenInput) async throws {
        switch try MessagesFoundCommand.parse(input, on: self) {
        case .open(let id):
            let room = try await context.store.room(id: id, for: try context.requireSession())
            try await didSendEventClosure?(.showRoom(room: room))
        case .find(let words):
            try await didSendEventClosure?(.find(words))
        }
    }

    /// The newest messages of others that name the user, up to `MessageSearch.limit`: those
    /// holding their name, read newest first, a page at a time.
}
