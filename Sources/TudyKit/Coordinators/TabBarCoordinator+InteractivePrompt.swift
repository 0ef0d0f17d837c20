// MARK: - The prompt at a terminal

extension TabBarCoordinator {
    /// The request for a person at a terminal: the prompt also shows the Chat tab's unread
    /// total, and Tab completes what the visible screen knows. It reads the store, so piped
    /// input, which shows no prompt, does without it.
    func interactiveLineRequest() async -> LineRequest {
        var request = lineRequest
        guard isAtCommandPrompt, !isContinuingMessage else { return request }
        let store = context.store
        var rooms: [RoomSummary] = []
        if let session = context.login.session {
            rooms = (try? await store.rooms(of: session)) ?? []
        }
        let unread = rooms.reduce(0) { $0 + $1.unreadCount }
        if unread > 0 { request.prompt = commandPrompt(unread: unread) }
        let screen = tabBarController.visibleScreen
        var vocabulary = CompletionVocabulary(
            commands: (screen?.commands ?? []).map(\.name) + CommandCatalog.global.map(\.name))
        // Other people: never yourself, and for /invite nobody already in the room.
        let me = context.login.user
        vocabulary.userNames = ((try? await store.userNames()) ?? []).filter { !(me?.isNamed($0) ?? false) }
        if let room = (screen as? RoomScreen)?.room {
            vocabulary.inviteNames = vocabulary.userNames.filter { name in !room.members.contains { $0.isNamed(name) } }
        } else if let draft = screen as? DirectRoomDraftScreen {
            vocabulary.inviteNames = vocabulary.userNames.filter { !draft.other.isNamed($0) }
        }
        let posts = (try? await store.projects(.all)) ?? []
        vocabulary.workTags = Array(Set(posts.flatMap(\.works))).sorted()
        switch screen {
        case is BoardScreen:
            vocabulary.openTarget = .posts(posts.map(\.id))
        case let search as ProjectSearchScreen:
            vocabulary.openTarget = .posts(((try? await store.projects(search.query)) ?? []).map(\.id))
        case is RoomListScreen:
            vocabulary.openTarget = .rooms(rooms.map(\.room.id))
        default:
            break
        }
        request.completion = vocabulary
        return request
    }
}
