import TudyCore
import TudyTerminal

// MARK: - The prompt at a terminal

extension TabBarCoordinator {
    /// Where the user is and who they are, cut to fit the window.
    func commandPrompt(unread: Int, mentions: Int = 0) -> String {
        let who = context.login.user?.name ?? "guest"
        let news = mentions > 0 ? "[\(unread) unread, \(mentions) @]" : "[\(unread) unread]"
        return PromptFit.prompt(
            parts: tabBarController.pathParts, tail: unread > 0 ? "  \(who) \(news)> " : "  \(who)> ",
            width: context.console.windowWidth)
    }

    /// The request for a person at a terminal: the prompt also shows the Chat tab's unread
    /// total. Piped input, which shows no prompt, does without it.
    /// - Parameter rereads: read the counts from the store (once a command has run), rather
    ///   than go on from what the change stream told (a prompt drawn again for news).
    func interactiveLineRequest(rereads: Bool = true) async -> LineRequest {
        var request = lineRequest
        guard isAtCommandPrompt, !isContinuingMessage else { return request }
        if rereads || !unreadTally.isKnown {
            unreadTally.restart()
            if let session = context.login.session, let rooms = try? await context.store.rooms(of: session) {
                unreadTally.read(rooms)
                context.alarms.read(rooms.map(\.room))
                try? await context.readQuiet()
                if mentionsCountedFor != session.token {
                    mentionsCountedFor = session.token
                    await countUnreadMentions(in: rooms, for: session)
                }
            }
            unreadTally.muted = context.mutedRooms
        }
        let unread = unreadTally.total
        if unread > 0 { request.prompt = commandPrompt(unread: unread, mentions: unreadTally.mentions) }
        return request
    }

    /// The mentions among what was unread before this session's stream began, looked for once:
    /// the newest that name the user, in the rooms with unread, from each room's first unread.
    private func countUnreadMentions(in rooms: [RoomSummary], for session: Session) async {
        let unreadRooms = Set(rooms.filter { $0.unreadCount > 0 }.map(\.room.id))
        guard !unreadRooms.isEmpty, let found = try? await context.mentions(of: session, pages: 1) else { return }
        var counts: [Int: Int] = [:]
        for roomID in Set(found.map(\.roomID)).intersection(unreadRooms) {
            guard let first = try? await context.store.firstUnread(in: roomID, for: session) else { continue }
            counts[roomID] = found.count { $0.roomID == roomID && $0.id >= first }
        }
        unreadTally.countMentions(counts)
    }

    /// What Tab completes now on the screen in view; nil where nothing is (a password, a
    /// form's answer). Read when Tab is pressed, so that a user who signed up, or joined the
    /// room, while the line was typed is offered.
    func completionVocabulary() async -> CompletionVocabulary? {
        guard isAtCommandPrompt, !isContinuingMessage else { return nil }
        let store = context.store
        let screen = tabBarController.visibleScreen
        var vocabulary = CompletionVocabulary(specs: (screen?.commands ?? []) + CommandTable.everywhere)
        // Other people: never yourself, and for /invite nobody already in the room.
        let me = context.login.user
        vocabulary.userNames = ((try? await store.userNames()) ?? []).filter { !(me?.isNamed($0) ?? false) }
        let posts = (try? await store.projects(.all)) ?? []
        vocabulary.workTags = Array(Set(posts.flatMap(\.works))).sorted()
        // The screen says what it offers; the tab bar does not ask which screen it is.
        await screen?.offerCompletions(to: &vocabulary)
        return vocabulary
    }
}
