import TudyCore

/// The modal form that writes a new post or modifies one, a question at a time.
@MainActor
final class ProjectWriteScreen: SendsEvents {
    /// What the form reports when it is done.
    enum Event: Equatable {
        case didRegister(project: Project)
        case didUpdate(project: Project)
    }

    /// Whether the form makes a post or changes one.
    enum Mode: Equatable, Sendable {
        case new
        case modify(Project)
    }

    private enum Step {
        case title, works, capacity, body
    }

    var didSendEventClosure: (@MainActor (Event) async throws -> Void)?
    let mode: Mode
    private let context: AppContext
    private var step = Step.title
    private var draft: ProjectDraft
    private var bodyLines: [String] = []

    init(mode: Mode, context: AppContext) {
        self.mode = mode
        self.context = context
        switch mode {
        case .new: draft = ProjectDraft(title: "", works: [], capacity: 0, body: "")
        case .modify(let project): draft = project.draft
        }
    }

    var title: String {
        switch mode {
        case .new: "write"
        case .modify: "edit"
        }
    }

    let commands: [CommandSpec] = []

    private var isModifying: Bool { mode != .new }


    var prompt: InputPrompt {
        let keep = isModifying
        switch step {
        case .title: return .answer(keep ? "title [\(draft.title)]: " : "title: ", takesSlashLines: false)
        case .works:
            let current = draft.works.joined(separator: " ")
            return .answer(keep ? "work tags [\(current)]: " : "work tags (e.g. ios backend): ", takesSlashLines: false)
        case .capacity:
            return .answer(keep ? "capacity [\(draft.capacity)]: " : "capacity (2-99): ", takesSlashLines: false)
        case .body:
            // Every line after the first gets a continuation prompt: the body is still being written.
            return .answer(bodyLines.isEmpty ? "body, then a line '.': " : "... ", takesSlashLines: true)
        }
    }

    func appear() async throws {
        if case .modify(let project) = mode {
            context.console.line("editing post #\(project.id): an empty answer keeps the value in [ ]; a body of only '.' keeps the body; /back drops the changes")
        } else {
            context.console.line("new post: title, work tags, capacity, then the body ended by a line '.'; /back drops the draft")
        }
    }

    func handle(_ input: ScreenInput) async throws {
        guard case .text(let line) = input else { throw unsupported(input) }
        let answer = line.trimmingCharacters(in: .whitespaces)
        let keeps = isModifying && answer.isEmpty
        switch step {
        case .title:
            if !keeps {
                guard !answer.isEmpty else { throw WriteError.empty("a title") }
                draft.title = answer
            }
            step = .works
        case .works:
            if !keeps {
                let tags = WorkTag.parse(answer)
                guard !tags.isEmpty else { throw WriteError.empty("at least one work tag") }
                if let bad = tags.first(where: { !WorkTag.isValid($0) }) { throw WriteError.badTag(bad) }
                draft.works = tags
            }
            step = .capacity
        case .capacity:
            if !keeps {
                guard let capacity = Int(answer), ProjectDraft.capacityRange.contains(capacity) else {
                    throw WriteError.badCapacity(answer)
                }
                draft.capacity = capacity
            }
            step = .body
        case .body:
            guard line == "." else {
                bodyLines.append(line)
                return
            }
            if bodyLines.isEmpty && !isModifying { throw WriteError.empty("a body") }
            if !bodyLines.isEmpty { draft.body = bodyLines.joined(separator: "\n") }
            try await submit()
        }
    }

    private func submit() async throws {
        let session = try context.requireSession()
        do {
            switch mode {
            case .new:
                let project = try await context.store.createProject(draft, by: session)
                try await didSendEventClosure?(.didRegister(project: project))
            case .modify(let original):
                let project = try await context.store.updateProject(id: original.id, with: draft, by: session)
                try await didSendEventClosure?(.didUpdate(project: project))
            }
        } catch let error as StoreError {
            // The draft stays; the body is typed again.
            bodyLines = []
            throw error
        }
    }
}

/// An answer the write form can not take; the same question is asked again.
enum WriteError: Error, Equatable, Sendable, UserFacingError {
    case empty(String)
    case badTag(String)
    case badCapacity(String)

    /// A stable name for the error, for programs (`--json`).
    var code: String {
        switch self {
        case .empty: "empty"
        case .badTag: "bad_tag"
        case .badCapacity: "bad_capacity"
        }
    }

    var message: String {
        switch self {
        case .empty(let what):
            "a post needs \(what): type it, or /back to drop the draft"
        case .badTag(let tag):
            "work tag '\(tag)' may hold only letters, digits, '-' and '_': type the tags again"
        case .badCapacity(let answer):
            "'\(answer)' is not a capacity: type a number from \(ProjectDraft.capacityRange.lowerBound) to \(ProjectDraft.capacityRange.upperBound)"
        }
    }
}
