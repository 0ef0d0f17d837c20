import Testing

@testable import TudyApp

/// A room's marks as read while news streams in, paced: the pacer alone, its pause a gate.
@MainActor
@Suite("Read-mark pacing")
struct ReadMarkPacerTests {
    /// What the marks have written, and whether anything shown is left to mark.
    final class Room {
        var marks = 0
        var due = false
        /// What the app's tick does: set once the pacer it calls exists.
        var markNews: () async throws -> Void = {}
    }

    @Test("a mark at once, none while the pause runs, one at its end for all shown meanwhile, none when nothing is due")
    func pacing() async throws {
        let gate = CallGate()
        let room = Room()
        // The app's tick has the room in view mark what is due; here, this room.
        let pacer = ReadMarkPacer(sleep: { _ in await gate.pass() }, pauseEnded: { try? await room.markNews() })
        room.markNews = {
            try await pacer.mark(ifDue: { room.due }) {
                room.marks += 1
                room.due = false
            }
        }
        try await room.markNews()
        #expect(room.marks == 0 && !pacer.isPaused, "nothing shown: no write, no pause")

        room.due = true
        try await room.markNews()
        #expect(room.marks == 1 && pacer.isPaused)
        for _ in 0..<5 {
            room.due = true
            try await room.markNews()
        }
        #expect(room.marks == 1, "none while the pause runs")

        gate.open()
        try await waitUntil("one mark at the end of the pause, then the pause after it over") { @MainActor in
            room.marks == 2 && !pacer.isPaused
        }
        #expect(!room.due)
        try await room.markNews()
        #expect(room.marks == 2, "nothing due: nothing written")
    }
}
