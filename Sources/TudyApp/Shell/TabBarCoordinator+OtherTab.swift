import TudyCore
import TudyTerminal

/// Commands of the other tab's root, typed where they do not work (`/new` in a room, `/rooms`
/// on a post): the tab bar goes to that tab first, as tapping it would, and runs the command
/// at its root. What the person types next then answers the screen the command opened (a
/// write form, a login), never the screen they left.
extension TabBarCoordinator {
    /// The commands that take the user to the other tab, and the tab each belongs to. `/open`
    /// and `/more` are not among them: both tabs have their own.
    static let otherTabCommands: [CommandName: Tab] = [
        .list: .home, .search: .home, .work: .home, .new: .home, .rooms: .chat, .find: .chat,
    ]

    /// The tab whose root runs `/name` when the screen in view and its own tab's root do not.
    func otherTab(for name: CommandName) -> Tab? {
        guard let tab = Self.otherTabCommands[name], tab != tabBarController.selectedTab else { return nil }
        return tab
    }

    /// Runs `/name argument` at the root of `tab`, which it selects, its stack reset to the
    /// root. A guest asking for Chat is asked to log in first, and lands in Chat. When the
    /// command fails, the user is where they were.
    func runInOtherTab(_ tab: Tab, name: CommandName, argument: String) async throws {
        if tabBarController.presented != nil { throw busyError("/" + name.typed) }
        if tab == .chat, context.login.user == nil {
            try await chatCoordinator.requestSelection()
            return
        }
        let navigator = tabBarController.navigator(for: tab)
        guard let root = navigator.screens.first, let spec = root.commands.first(where: { $0.name == name }) else {
            throw CommandTable.error(forUnavailable: name.typed, here: tabBarController.path)
        }
        let value = try spec.read(argument)
        try await tabBarController.tentatively(Self.steps(for: .otherTab(tab), in: tabBarController.state)) {
            try await root.handle(.command(name: name, argument: value))
        }
    }
}

// MARK: - What other chat clients' users type

extension TabBarCoordinator {
    /// A line as tudy takes it: a name of another chat client's (`/query bob`) that is none
    /// of tudy's becomes the tudy command it means, or the room `/w N` picks. One that is
    /// tudy's too (`/close`) is tudy's; where it does not work, `hint(for:)` answers it.
    /// - Throws: `CommandError.otherClient` for one tudy answers with a hint instead.
    func meaning(of input: InputLine, on screen: any Screen) throws -> (line: InputLine, roomPosition: Int?) {
        guard case .command(let name, let argument) = input, let other = CommandTable.otherClient(name),
            CommandTable.name(name) == nil
        else { return (input, nil) }
        switch other.meaning(argument) {
        case .line(let line):
            return (InputLine(parsing: line), nil)
        case .message(let recipient, let text):
            followingMessage = text
            return (InputLine(parsing: "/dm " + recipient), nil)
        case .roomAt(let position):
            return (input, position)
        case .hint(let hint):
            throw CommandError.otherClient(hint: hint)
        }
    }

    /// `/w N` and Alt-N: the room at position N of `/rooms`, opened in Chat from anywhere.
    func openRoom(atPosition position: Int) async throws {
        if tabBarController.presented != nil { throw busyError("/w") }
        let session = try context.requireSession()
        let rooms = try await context.store.rooms(of: session)
        guard rooms.indices.contains(position - 1) else {
            throw CommandError.otherClient(hint: "/w \(position): you have \(rooms.count) room\(rooms.count == 1 ? "" : "s"); /rooms lists them")
        }
        try await perform(.room(rooms[position - 1].room))
    }

    /// The line for a name of another chat client's that is tudy's too, where tudy's does not work.
    func hint(for name: String) -> CommandError? {
        guard case .hint(let hint) = CommandTable.otherClient(name)?.meaning("") else { return nil }
        return .otherClient(hint: hint)
    }

    /// `/msg NAME TEXT`'s text, sent once its 1:1 room is open; when it is not (a guest is
    /// asked to log in first), it is not sent, and the person is told so.
    func sendFollowingMessage() async throws {
        guard let text = followingMessage else { return }
        followingMessage = nil
        guard tabBarController.visibleScreen?.composesMessages == true else {
            context.console.note("/msg: the message was not sent; type it again in the room")
            return
        }
        _ = try await handle(line: text.hasPrefix("/") ? "/" + text : text)
    }
}
