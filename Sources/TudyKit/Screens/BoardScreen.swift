/// The root of Home: the board of recruitment posts.
@MainActor
final class BoardScreen: Screen {
    /// What the board asks its coordinator to do.
    enum Event: Equatable {
        case showSearch(words: String)
        case showFastSearch(work: String)
        case showProjectWrite
        case showProjectDetail(project: Project)
    }

    static let list = CommandSpec("list", "newest posts first")
    static let search = CommandSpec("search", .required("<words>"), "posts whose title or body has the words")
    static let work = CommandSpec("work", .required("<tag>"), "posts that recruit for a work, e.g. ios")
    static let new = CommandSpec("new", "write a post")
    static let open = CommandSpec("open", .required("<id>"), "show a post")
    static let commandSpecs = [list, search, work, new, open]

    var didSendEventClosure: (@MainActor (Event) async throws -> Void)?
    private let context: AppContext

    init(context: AppContext) {
        self.context = context
    }

    let title = "board"
    var commands: [CommandSpec] { Self.commandSpecs }

    func appear() async throws {
        try await printList()
    }

    func handle(_ input: ScreenInput) async throws {
        switch input {
        case .command("list", _):
            try await printList()
        case .command("search", let words):
            try await didSendEventClosure?(.showSearch(words: words))
        case .command("work", let tag):
            try await didSendEventClosure?(.showFastSearch(work: tag.lowercased()))
        case .command("new", _):
            try await didSendEventClosure?(.showProjectWrite)
        case .command("open", let argument):
            let id = try NumberArgument.parse(argument, of: Self.open)
            let project = try await context.store.project(id: id)
            try await didSendEventClosure?(.showProjectDetail(project: project))
        default:
            throw unsupported(input)
        }
    }

    private func printList() async throws {
        let projects = try await context.store.projects(.all)
        if projects.isEmpty {
            context.console.line("no posts yet: /new writes the first")
        } else {
            context.console.table(projects.map(context.format.projectCells))
        }
    }
}
