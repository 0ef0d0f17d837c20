/// `/find <words>`: the messages in the user's rooms that hold every word, newest first, each
/// naming its room; `/open` goes to a room found.
@MainActor
final class MessageSearchScreen: Screen {
    /// What a search asks its coordinator to do.
    enum Event: Equatable {
        case showRoom(room: Room)
        case find(String)
    }

    /// The command that searches, offered everywhere in Chat.
    static let find = CommandSpec("find", .required("<words>"), "messages in all your rooms holding the words, newest first")
    static let open = CommandSpec("open", .required("<n>"), "enter room n")
    static let commandSpecs = [open, find]

    var didSendEventClosure: (@MainActor (Event) async throws -> Void)?
    let query: String
    private let context: AppContext

    init(query: String, context: AppContext) {
        self.query = query
        self.context = context
    }

    var title: String { "find \(query)" }
    var commands: [CommandSpec] { Self.commandSpecs }

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
            context.console.message(message, in: room, for: session.user, format: context.format)
        }
    }

    func handle(_ input: ScreenInput) async throws {
        switch input {
        case .command("open", let argument):
            let id = try NumberArgument.parse(argument, of: Self.open)
            let room = try await context.store.room(id: id, for: try context.requireSession())
            try await didSendEventClosure?(.showRoom(room: room))
        case .command("find", let query):
            try await didSendEventClosure?(.find(query))
        default:
            throw unsupported(input)
        }
    }
}
