import TudyCore
import TudyWire

/// A room's pinned notice, through the server (feature `notices`).
extension RemoteChatStore {
    package func pinNotice(_ text: String, in roomID: Int, by session: Session) async throws -> Room {
        try require(.notices, for: "pinned notices")
        return try field(try await call(.pinNotice, session) { $0.roomID = roomID; $0.text = text }.room, .pinNotice)
    }

    package func readNotice(in roomID: Int, by session: Session) async throws -> Room {
        try require(.notices, for: "pinned notices")
        return try field(try await call(.readNotice, session) { $0.roomID = roomID }.room, .readNotice)
    }
}

/// A room's focus/break timer, through the server (feature `timers`).
extension RemoteChatStore {
    package func setTimer(_ plan: StudyTimer.Plan?, in roomID: Int, by session: Session) async throws -> Room {
        try require(.timers, for: "study timers")
        return try field(try await call(.setTimer, session) { $0.roomID = roomID; $0.timer = plan }.room, .setTimer)
    }
}
