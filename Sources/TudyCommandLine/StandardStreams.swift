import Foundation
import TudyApp
import TudyCore
import TudyTerminal

/// Standard output and error, written unbuffered so that both stay in order in one file.
@MainActor
package final class StandardStreams: TerminalOutput {
    package init() {}

    package private(set) var isClosed = false

    package func write(_ text: String, to channel: OutputChannel) {
        let descriptor = channel == .standardOutput ? STDOUT_FILENO : STDERR_FILENO
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                // A closed pipe (`tudy | head -1`) is not an error worth a word; the REPL stops.
                if written < 0 && errno == EPIPE && channel == .standardOutput { isClosed = true }
                return
            }
            bytes = bytes.dropFirst(written)
        }
    }
}
