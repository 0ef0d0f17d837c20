/// `/find <words>`: the messages in the user's rooms that hold every word, newest first, each
/// naming its room; `/open` goes to a room found.
@MainActor
final class MessageSearchScreen: Screen {
    /// What a search asks its coordinator to do.
    enum Event: Equatable {
        case showRoom(room: Room)
        case find(String)
    }

    enum Command: String, CommandSet {
        case open
        /// The search, offered everywhere in Chat: the other screens borrow its argument and summary.
        case find

        var argument: CommandSpec.Argument {
            switch self {
            case .open: .required(.listed(placeholder: "<n>"))
            case .find: .required(.words)
            }
        }

        var summary: String {
            switch self {
            case .open: "enter room n"
            case .find: "messages in all your rooms holding the words, newest first"
            }
        }
    }

    var didSendEventClosure: (@MainActor (Event) async throws -> Void)?
    let query: String
    private let context: AppContext

    init(query: String, context: AppContext) {
        self.query = query
        self.context = context
    }

    var title: String { "find \(query)" }
    var commands: [CommandSpec] { Command.specs }

    func appear() async throws {
        let session = try context.requireSession()
        let found = try await context.store.findMessages(MessageSearch.words(query), for: session, limit: MessageSearch.limit)
        guard !found.isEmpty else {
            context.console.line("no message in your rooms holds '\(query)': /find other words, or /back")
            return
        }
        let rooms = Dictionary(try await context.store.rooms(of: session).map { ($0.room.id, $0.room) }) { first, _ in first }
        let count = found.count == MessageSearch.limit ? "the newest \(found.count) messages" : "\(found.count) message\(found.count == 1 ? "" : "s")"
        context.console.line("\(count) holding '\(query)', newest first; /open <n> enters room n:")
        for message in found {
            let room = rooms[message.roomID] ?? Room(id: message.roomID, kind: .group, members: [])
            context.console.show(.messageElsewhere(message, room: room, viewer: session.user, preview: false))
        }
    }

    func handle(_ input: ScreenInput) async throws {
        let (command, argument) = try Command.parse(input, on: self)
        switch command {
        case .open:
            let id = try command.spec.number(argument)
            let room = try await context.store.room(id: id, for: try context.requireSession())
            try await didSendEventClosure?(.showRoom(room: room))
        case .find:
            try await didSendEventClosure?(.find(argument))
        }
    }
}
