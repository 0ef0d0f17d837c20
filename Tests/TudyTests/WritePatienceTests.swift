import Testing

@testable import TudyServer

/// A client that takes no frame for the patience is hung up on, whatever else is written to it
/// meanwhile (a closing frame may be written while another still waits).
@Suite("Write patience")
struct WritePatienceTests {
    @Test("a frame left unwritten is hung up on, though a frame begun after it was written at once")
    func frameBehindAWrittenOne() async {
        let (hungUp, hangUp) = AsyncStream.makeStream(of: Void.self)
        let patience = WritePatience(.milliseconds(200)) { hangUp.yield() }
        let (begun, begins) = AsyncStream.makeStream(of: Void.self)
        // The frame the client never takes: its write ends when the connection is closed.
        let stuck = Task {
            await patience.write {
                begins.yield()
                for await _ in hungUp { return }
            }
        }
        for await _ in begun { break }
        await patience.write {}

        let hungUpInTime = await withTaskGroup(of: Bool.self) { group in
            group.addTask { await stuck.value; return true }
            group.addTask { try? await Task.sleep(for: .seconds(10)); return false }
            let first = await group.next() ?? false
            // Ends a write still stuck, so that a failing test ends too.
            hangUp.finish()
            group.cancelAll()
            return first
        }
        #expect(hungUpInTime, "expected the client hung up on within 10 s of a 0.2 s patience; it was not")
        #expect(patience.gaveUp)
    }
}
