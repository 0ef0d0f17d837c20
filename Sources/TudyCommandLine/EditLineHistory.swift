@preconcurrency import CEditLine
import Foundation
import TudyApp
import TudyCore
import TudyTerminal

/// The lines typed at the prompt, for Up and Ctrl-R, kept in a file: what `HistoryPolicy` lets
/// in, never a password (those are read apart from the editor).
///
/// Several sessions of one account share the file, as bash's `histappend` does: each reads it
/// on start, and adds its own lines to what is in the file then, under a lock, so that no
/// session writes over another's. The file is replaced whole (`FileReplacement`), never
/// rewritten in place: a kill at any moment leaves the old history or the new one. The lock
/// is a file of its own beside it, since the history's file changes with each line.
@MainActor
final class EditLineHistory {
    /// libedit's `History *`, which the editor steps through.
    let entries: OpaquePointer
    private let path: String?
    private var lastEntry: String? { newestFirst.first }
    /// The entries, newest first, for Ctrl-R.
    private(set) var newestFirst: [String] = []

    /// - Parameter path: the history file, 0600, written with the first line kept; nil for no history.
    init(path: String?) {
        entries = history_init()
        _ = tudy_history_set_size(entries, Int32(HistoryPolicy.limit))
        self.path = path
        guard let path else { return }
        Self.locked(path, LOCK_SH) { _ = tudy_history_load(entries, path) }
        var entry = tudy_history_step(entries, 1)
        while let line = entry {
            newestFirst.append(String(cString: line))
            entry = tudy_history_step(entries, 0)
        }
    }

    func remember(_ line: String) {
        guard let entry = HistoryPolicy.entry(for: line, previous: lastEntry) else { return }
        _ = tudy_history_enter(entries, entry)
        newestFirst.insert(entry, at: 0)
        newestFirst = Array(newestFirst.prefix(HistoryPolicy.limit))
        guard let path else { return }
        Self.locked(path, LOCK_EX) {
            let file = history_init()
            defer { history_end(file) }
            _ = tudy_history_set_size(file, Int32(HistoryPolicy.limit))
            _ = tudy_history_load(file, path)
            _ = tudy_history_enter(file, entry)
            // Not written when it can not be: the line stays in this session's history.
            try? FileReplacement.replace(path, isLocked: true) { partial in
                guard tudy_history_save(file, partial) >= 0 else { throw FileReplacement.Failure(reason: "not saved") }
            }
        }
    }

    /// Runs `body` holding a lock on `history.lock` beside the history file.
    private static func locked(_ path: String, _ operation: Int32, _ body: () -> Void) {
        let descriptor = open(path + ".lock", O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        while flock(descriptor, operation) != 0 && errno == EINTR {}
        body()
    }
}
