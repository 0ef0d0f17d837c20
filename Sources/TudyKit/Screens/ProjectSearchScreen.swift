/// The posts found by `/search` or `/work` (the seed's search and fast-search screens).
@MainActor
final class ProjectSearchScreen: Screen {
    /// What a search result asks its coordinator to do.
    enum Event: Equatable {
        case showProjectDetail(project: Project)
    }

    static let open = CommandSpec("open", .required("<id>"), "show a post found")
    static let commandSpecs = [open]

    var didSendEventClosure: (@MainActor (Event) async throws -> Void)?
    let query: ProjectQuery
    private let context: AppContext

    init(query: ProjectQuery, context: AppContext) {
        self.query = query
        self.context = context
    }

    var title: String {
        switch query {
        case .all: "all"
        case .words(let words): "search \(words)"
        case .work(let tag): "work \(tag)"
        }
    }

    var commands: [CommandSpec] { Self.commandSpecs }

    func appear() async throws {
        let projects = try await context.store.projects(query)
        if projects.isEmpty {
            context.console.line("no posts found: /list shows every post")
        } else {
            context.console.table(projects.map(context.format.projectCells))
        }
    }

    func handle(_ input: ScreenInput) async throws {
        switch input {
        case .command("open", let argument):
            let id = try NumberArgument.parse(argument, of: Self.open)
            let project = try await context.store.project(id: id)
            try await didSendEventClosure?(.showProjectDetail(project: project))
        default:
            throw unsupported(input)
        }
    }
}
