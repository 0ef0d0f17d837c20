import TudyCore

// Changes from the store, shown where the user is.
extension TabBarCoordinator {
    /// Shows one change from the store, where the user is.
    func show(_ change: StoreChange) async {
        await show([.change(change)])
    }

    /// Shows news that arrived, oldest first; then the open room is marked read, once, up
    /// to what was shown.
    func show(_ news: [LiveNews]) async {
        for item in news {
            if let notice = item.notice { context.console.line(notice) }
            let change: StoreChange
            switch item {
            case .change(let storeChange):
                change = storeChange
            case .sessionEnded:
                let path = tabBarController.path
                await loginEnded()
                if tabBarController.path != path { context.console.show(.screen(path: tabBarController.path)) }
                continue
            case .connection, .streamEnded:
                // Back: marks may have moved unheard while it was away.
                if !context.live.storeIsAway { await openRoom?.readMarksAgain() }
                continue
            }
            let room = openRoom
            // Someone ignored adds nothing to the prompt's count.
            let hidden = if case .message(let message) = change { context.hides(message) } else { false }
            if let user = context.login.user, room == nil || change.roomID != room?.room.id, !hidden {
                unreadTally.count(change, viewer: user)
            }
            do {
                try await chatCoordinator.show(change, openRoom: room)
            } catch {
                context.console.refuse(error)
            }
        }
        guard let room = openRoom else { return }
        do {
            try await room.markNewsRead()
        } catch {
            context.console.refuse(error)
        }
        if room.isReadToItsEnd { unreadTally.roomIsRead(room.room.id) } else { unreadTally.forget() }
    }

    /// The room on screen, if a room is what the user is looking at.
    var openRoom: RoomScreen? {
        let chatShown = tabBarController.presented == nil && tabBarController.selectedTab == .chat
        return chatShown ? chatCoordinator.shownRoom : nil
    }
}
