/// Commands of the other tab's root, typed where they do not work (`/new` in a room, `/rooms`
/// on a post): the tab bar goes to that tab first, as tapping it would, and runs the command
/// at its root. What the person types next then answers the screen the command opened (a
/// write form, a login), never the screen they left.
extension TabBarCoordinator {
    /// The commands that take the user to the other tab, and the tab each belongs to. `/open`
    /// and `/more` are not among them: both tabs have their own.
    static let otherTabCommands: [String: Tab] = [
        BoardScreen.Command.list.rawValue: .home, BoardScreen.Command.search.rawValue: .home,
        BoardScreen.Command.work.rawValue: .home, BoardScreen.Command.new.rawValue: .home,
        RoomListScreen.Command.rooms.rawValue: .chat, RoomListScreen.Command.find.rawValue: .chat,
    ]

    /// The tab whose root runs `/name` when the screen in view and its own tab's root do not.
    func otherTab(for name: String) -> Tab? {
        guard let tab = Self.otherTabCommands[name], tab != tabBarController.selectedTab else { return nil }
        return tab
    }

    /// Runs `/name argument` at the root of `tab`, which it selects, its stack reset to the
    /// root. A guest asking for Chat is asked to log in first, and lands in Chat. When the
    /// command fails, the user is where they were.
    func runInOtherTab(_ tab: Tab, name: String, argument: String) async throws {
        if tabBarController.presented != nil { throw busyError("/" + name) }
        if tab == .chat, context.login.user == nil {
            chatCoordinator.requestSelection()
            return
        }
        let navigator = tabBarController.navigator(for: tab)
        guard let root = navigator.screens.first, let spec = root.commands.first(where: { $0.name == name }) else {
            throw CommandCatalog.error(forUnavailable: name, here: tabBarController.path)
        }
        let value = try spec.read(argument)
        let (before, saved) = (tabBarController.selectedTab, navigator.screens)
        navigator.popToRoot()
        tabBarController.select(tab)
        do {
            try await root.handle(.command(name: name, argument: value))
        } catch {
            navigator.restore(saved)
            tabBarController.select(before)
            throw error
        }
    }
}
