import TudyCore

/// The root of Home: the board of recruitment posts.
@MainActor
final class BoardScreen: SendsEvents {
    /// What the board asks its coordinator to do.
    enum Event: Equatable {
        case showSearch(words: String)
        case showFastSearch(work: String)
        case showProjectWrite
        case showProjectDetail(project: Project)
    }

    var didSendEventClosure: (@MainActor (Event) async throws -> Void)?
    private let context: AppContext
    private let pages = BoardPages(query: .all)

    init(context: AppContext) {
        self.context = context
    }

    let title = "board"
    var commands: [CommandSpec] { BoardCommand.specs }

    func appear() async throws {
        try await printList()
    }

    func handle(_ input: ScreenInput) async throws {
        switch try BoardCommand.parse(input, on: self) {
        case .list:
            try await printList()
        case .more:
            guard let older = try await pages.older(from: context.store) else {
                context.console.line("no older posts: /list shows the newest")
                return
            }
            show(older)
        case .search(let words):
            try await didSendEventClosure?(.showSearch(words: words))
        case .work(let tag):
            try await didSendEventClosure?(.showFastSearch(work: tag.lowercased()))
        case .new:
            try await didSendEventClosure?(.showProjectWrite)
        case .open(let id):
            let project: Project
            do {
                project = try await context.store.project(id: id)
            } catch StoreError.noSuchProject(id) {
                // Meant a room, perhaps: rooms are numbered too, and opened in Chat.
                guard let session = context.login.session, (try? await context.store.room(id: id, for: session)) != nil else {
                    throw StoreError.noSuchProject(id)
                }
                throw CommandError.roomNotPost(id)
            }
            try await didSendEventClosure?(.showProjectDetail(project: project))
        }
    }

    func offerCompletions(to vocabulary: inout CompletionVocabulary) async {
        vocabulary.openTarget = .posts(((try? await context.store.projects(.all)) ?? []).map(\.id))
    }

    private func printList() async throws {
        let projects = try await pages.newest(from: context.store)
        if projects.isEmpty {
            context.console.line("no posts yet: /new writes the first")
        } else {
            show(projects)
        }
    }

    private func show(_ projects: [Project]) {
        context.console.show(.posts(projects))
        if pages.hasOlder { context.console.line("older posts: /more") }
    }
}
