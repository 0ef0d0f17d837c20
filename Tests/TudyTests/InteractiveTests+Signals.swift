import Foundation
import Testing

// Signals at a terminal: Ctrl-Z and fg, and SIGTERM or SIGHUP ending a session cleanly.
extension InteractiveTests {
    @Test("Ctrl-Z stops tudy; fg brings back the prompt and the half-typed line, which still edits")
    func stopAndContinue() throws {
        let terminal = try TmuxSession(command: "cd '\(directory.path)'; PS1='shell$ ' exec bash --norc --noprofile -i")
        try terminal.waitUntil { $0.contains("shell$") }
        try terminal.enter(["TERM=xterm-256color '\(TudyProcess.binary.path)' --memory"])
        #expect(try terminal.waitUntil { $0.contains("guest>") }.contains("guest>"))
        try terminal.type("/wher")
        // Only once tudy has read it: the terminal drops input not yet read when Ctrl-Z comes.
        try terminal.waitUntil { $0.contains("guest> /wher") }
        try terminal.press("C-z")
        var shown = try terminal.waitUntil { $0.contains("Stopped") }
        #expect(shown.contains("Stopped"), "\(shown)")
        try terminal.enter(["fg"])
        shown = try terminal.waitUntil { $0.contains("guest> /wher") }
        #expect(shown.contains("guest> /wher"), "\(shown)")
        try terminal.enter(["e"])
        #expect(try terminal.waitUntil { $0.contains("\nhome > board\n") }.contains("\nhome > board\n"))
        try terminal.press("C-d")
    }

    /// Stops tudy as a person or another program does, then brings it back with `fg`; returns
    /// the screen from the `fg` on, once tudy has drawn `redrawn` there again.
    private func stopAndBringBack(_ terminal: TmuxSession, byOthers: Bool, round: Int, redrawn: String) throws -> String {
        if byOthers { kill(try tudyProcess(), SIGSTOP) } else { try terminal.press("C-z") }
        try terminal.waitUntil { $0.components(separatedBy: "Stopped").count == round + 1 }
        try terminal.enter(["fg"])
        let shown = try terminal.waitUntil { $0.components(separatedBy: "shell$ fg").last?.contains(redrawn) == true }
        return shown.components(separatedBy: "shell$ fg").last ?? ""
    }

    /// A shell with job control, and tudy started in it on this test's store, with the sample seed.
    private func tudyInShell() throws -> TmuxSession {
        let seed = Self.sampleSeed
        let terminal = try TmuxSession(command: "cd '\(directory.path)'; PS1='shell$ ' exec bash --norc --noprofile -i")
        try terminal.waitUntil { $0.contains("shell$") }
        try terminal.enter([
            "XDG_STATE_HOME='\(directory.path)/state' TERM=xterm-256color '\(TudyProcess.binary.path)' --store '\(directory.path)/tudy.sqlite' --seed '\(seed)'"
        ])
        try terminal.waitUntil { $0.contains("guest>") }
        return terminal
    }

    @Test("after a stop (Ctrl-Z, or SIGSTOP from another program) and fg, the terminal is tudy's again: keys edit the half-typed line, none is echoed", arguments: [false, true])
    func continuedTerminalIsTudys(byOthers: Bool) throws {
        let terminal = try tudyInShell()
        try terminal.type("/wher")
        try terminal.waitUntil { $0.contains("guest> /wher") }
        // A shell resets the terminal as a job stops; tudy took it back at once only at times.
        for round in 1...3 {
            _ = try stopAndBringBack(terminal, byOthers: byOthers, round: round, redrawn: "guest> /wher")
            try terminal.press("Left")
            try terminal.press("Right")
        }
        try terminal.type("e")
        try terminal.press("Enter")
        let shown = try terminal.waitUntil { $0.contains("\nhome > board\n") }
        #expect(shown.contains("\nhome > board\n"), "\(shown)")
        #expect(!shown.contains("^["), "a key was echoed as text:\n\(shown)")
        try terminal.press("C-d")
    }

    @Test("a stop at the password prompt and fg: the prompt is drawn once, the password typed on is not shown, and what was typed before the stop is kept", arguments: [false, true])
    func continuedAtPasswordPrompt(byOthers: Bool) throws {
        let terminal = try tudyInShell()
        try terminal.enter(["/login bob"])
        try terminal.waitUntil { $0.contains("password for bob:") }
        let readBefore = try bytesRead(by: try tudyProcess())
        try terminal.type("bob-")
        // Nothing shows a password read; a stop before it is, leaves the rest to the shell.
        try waitUntilRead(readBefore + 4)
        let afterFg = try stopAndBringBack(terminal, byOthers: byOthers, round: 1, redrawn: "password for bob:")
        #expect(afterFg.components(separatedBy: "password for bob:").count == 2, "the prompt was drawn more than once:\n\(afterFg)")
        try terminal.type("password")
        try terminal.press("Enter")
        let shown = try terminal.waitUntil { $0.contains("logged in as bob") }
        #expect(shown.contains("logged in as bob"), "\(shown)")
        #expect(!shown.contains("bob-") && !shown.contains("password\n"), "the password was shown:\n\(shown)")
        try terminal.press("C-d")
    }

    @Test("Ctrl-C during /wait ends the wait at once and gives the prompt back; the session goes on")
    func interruptedWait() throws {
        let terminal = try bobInRoom()
        try terminal.enter(["/wait 3600"])
        try terminal.waitUntil { $0.contains("/wait 3600") }
        try terminal.press("C-c")
        try terminal.enter(["/where"])
        let shown = try terminal.waitUntil(seconds: 10) { $0.contains("\nchat > rooms > @alice\n") }
        #expect(shown.contains("^C\n"), "\(shown)")
        #expect(!shown.contains("error:"), "\(shown)")
        try terminal.press("C-d")
        #expect(try terminal.waitUntil { $0.contains("EXIT=") }.contains("EXIT=0"))
    }

    @Test("SIGTERM or SIGHUP ends a session at the prompt as the end of input does: the store closed whole, the terminal put back", arguments: [SIGTERM, SIGHUP])
    func endedBySignal(_ signal: Int32) throws {
        let seed = Self.sampleSeed
        let terminal = try TmuxSession(command: command("--seed '\(seed)'"))
        try terminal.waitUntil { $0.contains("home > board  guest>") }
        // A login kept is a write: the store has a -wal until the last connection closes.
        try terminal.enter(["/login bob", "bob-password"])
        try terminal.waitUntil { $0.contains("kept for later runs on this store") }
        #expect(FileManager.default.fileExists(atPath: directory.path + "/tudy.sqlite-wal"))
        try terminal.type("half typed")
        try terminal.waitUntil { $0.contains("]> half typed") }
        kill(try tudyProcess(), signal)
        let shown = try terminal.waitUntil { $0.contains("EXIT=") }
        #expect(shown.contains("EXIT=0"), "\(shown)")
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/tudy.sqlite-wal"), "the store was left open")
        let settings = try terminalSettings()
        #expect(settings.before == settings.after)
    }

    @Test("a terminal that goes away with a line half typed (its window closed) ends the session: tudy does not go on waiting for keys that can not come")
    func endedByTerminalGone() throws {
        let terminal = try TmuxSession(command: command())
        try terminal.waitUntil { $0.contains("home > board  guest>") }
        try terminal.type("half typed")
        try terminal.waitUntil { $0.contains("guest> half typed") }
        let tudy = try tudyProcess()
        terminal.hangUp()
        let deadline = ContinuousClock.now + .seconds(10)
        while Self.isRunning(tudy) {
            guard ContinuousClock.now < deadline else {
                kill(tudy, SIGKILL)
                Issue.record("expected tudy (\(tudy)) to end within 10 s of its terminal going away; it was still running")
                return
            }
            usleep(10_000)
        }
    }

    /// Whether a process runs: there, and not a zombie waiting to be reaped.
    private static func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        // The state follows the command's name in parentheses.
        return stat.split(separator: ")").last?.split(separator: " ").first != "Z"
    }

    /// How many bytes `pid` has read so far, from any file (`rchar` of its `/proc` io).
    private func bytesRead(by pid: pid_t) throws -> Int {
        let io = try String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)
        let line = io.split(separator: "\n").first { $0.hasPrefix("rchar:") } ?? ""
        return Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)) ?? 0
    }

    /// Waits until tudy has read `count` bytes in all, for up to 10 s.
    private func waitUntilRead(_ count: Int) throws {
        let pid = try tudyProcess()
        let deadline = ContinuousClock.now + .seconds(10)
        var read = try bytesRead(by: pid)
        while read < count {
            guard ContinuousClock.now < deadline else {
                Issue.record("expected tudy to have read \(count) bytes within 10 s; it read \(read)")
                return
            }
            usleep(5_000)
            read = try bytesRead(by: pid)
        }
    }

    /// The tudy this test runs: the process of the built binary with this test's directory in
    /// its arguments.
    func tudyProcess() throws -> pid_t {
        for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
            guard let pid = pid_t(entry), let cmdline = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { continue }
            let arguments = cmdline.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if arguments.first == TudyProcess.binary.path, arguments.contains(where: { $0.hasPrefix(directory.path) }) {
                return pid
            }
        }
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "no tudy process runs in \(directory.path)"])
    }
}
