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
            case .timerDue:
                say(context.alarms.moved())
                continue
            case .connection, .streamEnded:
                // Back: marks may have moved unheard while it was away.
                if !context.live.storeIsAway { try? await roomInView?.receive(.storeBack) }
                continue
            }
            // Someone ignored adds nothing to the prompt's count.
            let hidden = if case .message(let message) = change { context.hides(message) } else { false }
            let inOpenRoom = change.roomID.map { roomInView?.subject == .room($0) } ?? false
            if let user = context.login.user, !inOpenRoom, !hidden {
                unreadTally.count(change, viewer: user)
            }
            do {
                try await chatCoordinator.show(change, inView: isChatInView)
            } catch {
                context.console.refuse(error)
            }
            switch change {
            case .joined(let room), .roomChanged(let room): say(context.alarms.take(room, saying: true))
            case .left(let roomID): context.alarms.forget(roomID: roomID)
            case .message, .messageChanged, .read: break
            }
        }
        guard let room = roomInView, case .room(let roomID) = room.subject else { return }
        do {
            try await room.receive(.newsShown)
        } catch {
            context.console.refuse(error)
        }
        if room.isReadToItsEnd { unreadTally.roomIsRead(roomID) } else { unreadTally.forget() }
    }

    /// Says what came of the rooms' timers and sessions (a phase, a stop, a reminder), wherever the user is.
    func say(_ news: [RoomAlarms.News]) {
        guard let viewer = context.login.user else { return }
        for item in news {
            switch item {
            case .phase(let phase, let timer, let room):
                context.console.show(.timerPhase(phase, timer: timer, room: room, viewer: viewer, minutesLeft: nil))
            case .stopped(let room):
                context.console.show(.timerStopped(room: room, viewer: viewer, byUser: false))
            case .reminder(let summary, let room, let minutes):
                context.console.show(.reminder(summary, room: room, viewer: viewer, minutes: minutes))
                context.console.alert(
                    title: "\(room.title(for: viewer)): session #\(summary.session.id)", body: "starts in \(minutes) min")
            }
        }
    }

    /// Whether Chat is what the user is looking at: its tab, no modal over it.
    var isChatInView: Bool {
        tabBarController.presented == nil && tabBarController.selectedTab == .chat
    }

    /// The screen in view when it is a room's (a room, not a draft of one).
    var roomInView: (any Screen)? {
        guard isChatInView, let screen = tabBarController.visibleScreen, case .room = screen.subject else { return nil }
        return screen
    }
}
