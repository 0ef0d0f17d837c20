import TudyCore

/// The room's focus/break timer (`/timer`): started, stopped and asked about here; each change
/// of phase is said by `RoomAlarms`, wherever the user is.
extension RoomScreen {
    func timer(_ action: TimerAction, for session: Session) async throws {
        switch action {
        case .show:
            try await readRoomAgain(for: session)
            guard let timer = room.timer, let phase = context.alarms.phase(of: room) else {
                context.console.line("no timer in this room: /timer 50/10 x4 starts one for everyone")
                return
            }
            let left = timer.minutesLeft(of: phase, at: context.clock.now())
            context.console.show(.timerPhase(phase, timer: timer, room: room, viewer: session.user, minutesLeft: left))
        case .stop:
            let hadOne = room.timer != nil
            let changed = try await context.store.setTimer(nil, in: room.id, by: session)
            update(changed)
            // Said here, once: the change the feed brings back is known already.
            _ = context.alarms.take(changed, saying: false)
            guard hadOne else { return context.console.line("no timer to stop: /timer 50/10 x4 starts one") }
            context.console.show(.timerStopped(room: changed, viewer: session.user, byUser: true))
        case .start(let plan):
            let changed = try await context.store.setTimer(plan, in: room.id, by: session)
            update(changed)
            guard let timer = changed.timer else { return }
            _ = context.alarms.take(changed, saying: false)
            context.console.show(.timerPhase(timer.phase(at: context.clock.now()), timer: timer, room: changed, viewer: session.user, minutesLeft: nil))
        }
    }
}
