import TudyCore

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

    enum Command: String, CommandSet {
        case list, more, search, work, new, open

        var argument: CommandSpec.Argument {
            switch self {
            case .search: .required(.words)
            case .work: .required(.workTag)
            case .open: .required(.listed(placeholder: "<id>"))
            case .list, .more, .new: .none
            }
        }

        var summary: String {
            switch self {
            case .list: "newest posts first"
            case .more: "older posts"
            case .search: "posts whose title or body has the words"
            case .work: "posts that recruit for a work, e.g. ios"
            case .new: "write a post"
            case .open: "show a post"
            }
        }
    }

    var didSendEventClosure: (@MainActor (Event) async throws -> Void)?
    private let context: AppContext
    private let pages = BoardPages(query: .all)

    init(context: AppContext) {
        self.context = context
    }

    let title = "board"
    var commands: [CommandSpec] { Command.specs }

    func appear() async throws {
        try await printList()
    }

    func handle(_ input: ScreenInput) async throws {
        let (command, argument) = try Command.parse(input, on: self)
        switch command {
        case .list:
            try await printList()
        case .more:
            guard let older = try await pages.older(from: context.store) else {
                context.console.line("no older posts: /list shows the newest")
                return
            }
            show(older)
        case .search:
            try await didSendEventClosure?(.showSearch(words: argument.text))
        case .work:
            try await didSendEventClosure?(.showFastSearch(work: argument.text.lowercased()))
        case .new:
            try await didSendEventClosure?(.showProjectWrite)
        case .open:
            let id = try command.number(in: argument)
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
