import Foundation
import Testing

// Files of tudy's own killed mid-write: the history is the old one or the new one, whole.
extension InteractiveTests {
    /// libedit's first line in a history file.
    private static let historyHeader = "_HiStOrY_V2_"

    @Test("tudy killed (SIGKILL) at random moments right after Enter: the history file is the old one or the new one, whole, every time")
    func historySurvivesKill() throws {
        let state = directory.appendingPathComponent("state/tudy")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let path = state.appendingPathComponent("history").path
        // Long entries, so that writing the file takes a while: a kill then lands in it.
        let entries = (1...999).map { "/find" + String(repeating: "x", count: 3000) + "\($0)" }
        try (([Self.historyHeader] + entries).joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        var random = SeededGenerator(seed: 64)
        for round in 1...8 {
            let before = try String(contentsOfFile: path, encoding: .utf8)
            let terminal = try TmuxSession(command: command())
            try terminal.waitUntil { $0.contains("guest>") }
            let tudy = try tudyProcess()
            try terminal.type("/where \(round)")
            try terminal.waitUntil { $0.contains("guest> /where \(round)") }
            try terminal.press("Enter")
            // From before the write starts to after it ends (most of a second on a slow machine).
            usleep(UInt32.random(in: 0...400_000, using: &random))
            kill(tudy, SIGKILL)
            try terminal.waitUntil { $0.contains("EXIT=") }
            let after = try String(contentsOfFile: path, encoding: .utf8)
            let lines = after.split(separator: "\n", omittingEmptySubsequences: false)
            let whole = lines.first.map(String.init) == Self.historyHeader && after.hasSuffix("\n")
                && lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("/find") || $0.hasPrefix("/where") }
            #expect(whole && (after == before || lines.dropLast().last == "/where\\040\(round)"),
                "round \(round): the history is cut: \(after.utf8.count) bytes, \(lines.count) lines, ending \(after.suffix(40).debugDescription)")
            guard whole else { return }
        }
        let leftBeside = try FileManager.default.contentsOfDirectory(atPath: state.path).filter { $0.contains("partial") }
        #expect(leftBeside.count <= 1, "a kill leaves one partial file at most, written over by the next: \(leftBeside)")
    }
}
