/// The posts found by `/search` or `/work` (the seed's search and fast-search screens).
@MainActor
final class ProjectSearchScreen: Screen {
    /// What a search result asks its coordinator to do.
    enum Event: Equatable {
        case showProjectDetail(project: Project)
    }

    enum Command: String, CommandSet {
        case open

        var argument: CommandSpec.Argument { .required("<id>") }
        var summary: String { "show a post found" }
    }

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

    var commands: [CommandSpec] { Command.specs }

    func appear() async throws {
        let projects = try await context.store.projects(query)
        if projects.isEmpty {
            context.console.line("no posts found: /list shows every post")
        } else {
            context.console.show(.posts(projects))
        }
    }

    func offerCompletions(to vocabulary: inout CompletionVocabulary) async {
        vocabulary.openTarget = .posts(((try? await context.store.projects(query)) ?? []).map(\.id))
    }

    func handle(_ input: ScreenInput) async throws {
        let (command, argument) = try Command.parse(input, on: self)
        switch command {
        case .open:
            let id = try NumberArgument.parse(argument, of: command.spec)
            let project = try await context.store.project(id: id)
            try await didSendEventClosure?(.showProjectDetail(project: project))
        }
    }
}
