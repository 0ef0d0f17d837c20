import Foundation
import Testing

/// A terminal a test types into and reads, as a person would: tmux with send-keys and
/// capture-pane, on a socket of its own.
final class TmuxSession {
    /// In a directory of the test's own, which goes with the others when the tests end.
    private let socket: String
    private let name = "tudy"

    /// The tmux server's process, ended with the session whatever state it is in.
    private var serverID: pid_t = 0

    /// Starts `command` under `sh -c` in a window of the given size.
    init(command: String, width: Int = 100, height: Int = 40) throws {
        socket = try TemporaryDirectory.make().appendingPathComponent("tmux").path
        try tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", command], reading: false)
        serverID = pid_t(try tmux(["display-message", "-p", "#{pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    deinit {
        _ = try? tmux(["kill-server"])
        if serverID > 0 { kill(serverID, SIGKILL) }
    }

    /// The terminal goes away at once, as when its window is closed or its connection drops:
    /// the server is killed, which closes every window's terminal under what runs in it.
    func hangUp() {
        if serverID > 0 { kill(serverID, SIGKILL) }
    }

    /// Types text as it is.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
    }

    /// Types each line and presses Enter after it.
    func enter(_ lines: [String]) throws {
        for line in lines {
            try type(line)
            try press("Enter")
        }
    }

    /// Pastes text in one write, as a terminal does; each newline arrives as Enter (CR).
    /// - Parameter bracketed: marked as a paste when the program asked for bracketed-paste
    ///   mode, as terminals do.
    func paste(_ text: String, bracketed: Bool = false) throws {
        // Through a file: an argument holds 128 KiB at most.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("paste-\(UUID().uuidString)")
        try Data(text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try tmux(["load-buffer", "-b", "paste", file.path])
        try tmux(["paste-buffer", "-d", "-b", "paste", "-t", name] + (bracketed ? ["-p"] : []))
    }

    /// Presses keys by tmux's names: `Enter`, `Tab`, `Up`, `C-c`, `C-d`.
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// What the window shows now, scrollback included; tmux drops each line's trailing spaces.
    func screen(escapes: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", name, "-S", "-200"] + (escapes ? ["-e"] : []))
    }

    /// Where the cursor is: column and row, from 0.
    func cursor() throws -> (column: Int, row: Int) {
        let parts = try tmux(["display-message", "-p", "-t", name, "#{cursor_x} #{cursor_y}"])
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return (parts.first ?? -1, parts.dropFirst().first ?? -1)
    }

    /// Changes the window's size, as a person resizing their terminal does.
    func resize(width: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(width)"])
    }

    /// Reads the window until `condition` holds, for up to `seconds`; returns the last screen.
    /// When it never holds, records an issue at the caller with what the screen shows.
    @discardableResult
    func waitUntil(
        seconds: Double = 20, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
    ) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var shown = try screen()
        while !condition(shown) && Date() < deadline {
            usleep(20_000)
            shown = try screen()
        }
        if !condition(shown) {
            // Fails here, where the screen was not what the test waited for, not at a later check.
            Issue.record("the screen did not become what this wait expects within \(seconds) s; it shows:\n\(shown)", sourceLocation: sourceLocation)
        }
        return shown
    }

    /// Runs tmux through posix_spawn and waitpid: the server that new-session forks would
    /// keep Foundation's `Process` waiting. Output goes through a file, never a pipe.
    @discardableResult
    private func tmux(_ arguments: [String], reading: Bool = true) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, reading ? outputPath : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = (["/usr/bin/tmux", "-S", socket, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/usr/bin/tmux", &actions, nil, argv, environ)
        guard spawned == 0 else { throw TmuxError(code: spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard reading else { return "" }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }
}

struct TmuxError: Error {
    let code: Int32
}
