import TudyCore

/// One post, with what its reader or writer can do with it.
@MainActor
final class ProjectDetailScreen: SendsEvents {
    /// What a post asks its coordinator to do.
    enum Event: Equatable {
        case sendChat(to: User)
        case join(project: Project)
        case modify(project: Project)
        case didDelete(project: Project)
    }

    var didSendEventClosure: (@MainActor (Event) async throws -> Void)?
    private(set) var project: Project
    private let context: AppContext
    /// The line that asked for `/delete` to be typed again, if one did.
    private var deletionAskedAt: Int?

    init(project: Project, context: AppContext) {
        self.project = project
        self.context = context
    }

    var title: String { "#\(project.id)" }
    var subject: ScreenSubject { .post(project.id) }
    var commands: [CommandSpec] { PostCommand.specs }

    func appear() async throws {
        project = try await context.store.project(id: project.id)
        printProject()
    }

    /// Shows the post again as it is after an edit.
    func receive(_ news: ScreenNews) async throws {
        guard case .postSaved(let saved) = news, saved.id == project.id else { return }
        project = saved
        printProject()
    }

    func handle(_ input: ScreenInput) async throws {
        let command = try PostCommand.parse(input, on: self)
        let confirmed = deletionAskedAt == context.linesHandled - 1
        deletionAskedAt = nil
        // The post as it is now: its writer may have changed or deleted it meanwhile.
        project = try await context.store.project(id: project.id)
        switch command {
        case .dm:
            if let user = context.login.user, project.writer.isNamed(user.name) { throw CommandError.ownPost }
            try await didSendEventClosure?(.sendChat(to: project.writer))
        case .join:
            try await didSendEventClosure?(.join(project: project))
        case .edit:
            try requireWriter()
            try await didSendEventClosure?(.modify(project: project))
        case .close:
            try await setOpen(false)
        case .reopen:
            try await setOpen(true)
        case .delete:
            let session = try requireWriter()
            if context.confirmsDeletion && !confirmed {
                deletionAskedAt = context.linesHandled
                context.console.line("/delete again deletes post #\(project.id) \(project.title) for good; anything else keeps it")
                return
            }
            try await context.store.deleteProject(id: project.id, by: session)
            context.console.show(.postChange(.deleted, postID: project.id))
            try await didSendEventClosure?(.didDelete(project: project))
        }
    }

    /// Refuses early, before a draft is typed; the store checks again on every write.
    @discardableResult
    private func requireWriter() throws -> Session {
        guard let session = context.login.session, project.writer.isNamed(session.user.name) else {
            throw CommandError.notWriter(projectID: project.id, writer: project.writer.name)
        }
        return session
    }

    private func setOpen(_ isOpen: Bool) async throws {
        let session = try requireWriter()
        guard project.isOpen != isOpen else {
            context.console.line("post #\(project.id) is \(isOpen ? "open" : "closed") already")
            return
        }
        project = try await context.store.setProject(id: project.id, isOpen: isOpen, by: session)
        context.console.show(.postChange(.opened(isOpen), postID: project.id))
    }

    private func printProject() {
        context.console.show(.post(project))
    }
}
