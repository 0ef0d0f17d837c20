import TudyCore

/// The posts found by `/search` or `/work` (the seed's search and fast-search screens).
@MainActor
final class ProjectSearchScreen: SendsEvents {
    /// What a search result asks its coordinator to do.
    enum Event: Equatable {
        case showProjectDetail(project: Project)
    }

    var didSendEventClosure: (@MainActor (Event) async throws -> Void)?
    let query: ProjectQuery
    private let context: AppContext
    private let pages: BoardPages

    init(query: ProjectQuery, context: AppContext) {
        self.query = query
        self.context = context
        pages = BoardPages(query: query)
    }

    var title: String {
        switch query {
        case .all: "all"
        case .words(let words): "search \(words)"
        case .work(let tag): "work \(tag)"
        }
    }

    var commands: [CommandSpec] { PostsFoundCommand.specs }

    func appear() async throws {
        let projects = try await pages.newest(from: context.store)
        if projects.isEmpty {
            context.console.line("no posts found: /list shows every post")
        } else {
            show(projects)
        }
    }

    private func show(_ projects: [Project]) {
        context.console.show(.posts(projects))
        if pages.hasOlder { context.console.line("older posts found: /more") }
    }

    func offerCompletions(to vocabulary: inout CompletionVocabulary) async {
        vocabulary.openTarget = .posts(((try? await context.store.projects(query)) ?? []).map(\.id))
    }

    func handle(_ input: ScreenInput) async throws {
        switch try PostsFoundCommand.parse(input, on: self) {
        case .open(let id):
            let project = try await context.store.project(id: id)
            try await didSendEventClosure?(.showProjectDetail(project: project))
        case .more:
            guard let older = try await pages.older(from: context.store) else {
                context.console.line("no older posts found: /list shows every post")
                return
            }
            show(older)
        }
    }
}
