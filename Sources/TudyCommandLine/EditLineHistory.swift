@preconcurrency import CEditLine
import Foundation
import TudyKit

/// libedit's history, kept in a file: what `HistoryPolicy` lets in, never a password
/// (those are read apart from the editor).
@MainActor
final class EditLineHistory {
    private let path: String?
    private var lastEntry: String?

    /// - Parameter path: the history file, made 0600 if missing; nil for no history.
    init(path: String?) {
        self.path = path
        stifle_history(Int32(HistoryPolicy.limit))
        guard let path else { return }
        _ = read_history(path)
        if history_length > 0, let entry = history_get(history_base + history_length - 1) {
            lastEntry = String(cString: entry.pointee.line)
        }
    }

    func remember(_ line: String) {
        guard let entry = HistoryPolicy.entry(for: line, previous: lastEntry) else { return }
        add_history(entry)
        lastEntry = entry
        guard let path else { return }
        // Made 0600 before libedit writes it, and kept so.
        let descriptor = open(path, O_CREAT | O_WRONLY, 0o600)
        if descriptor >= 0 { close(descriptor) }
        _ = write_history(path)
        chmod(path, 0o600)
    }
}
