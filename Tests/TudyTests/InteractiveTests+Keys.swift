import Foundation
import Testing

// Keys that are not text: each is bound or does nothing, never typed into the line.
extension InteractiveTests {
    /// Keys by tmux's names (as an xterm sends them), and raw sequences of rxvt, the Linux
    /// console and xterm's modified keys.
    private static let namedKeys = [
        "F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9", "F10", "F11", "F12", "PPage", "NPage", "IC",
        "S-F5", "C-F12", "M-F3", "C-PPage", "S-NPage", "C-IC", "M-IC",
    ]
    private static let rawSequences = [
        "\u{1B}[[A", "\u{1B}[[E", "\u{1B}[11~", "\u{1B}[5^", "\u{1B}[6$", "\u{1B}[23@", "\u{1B}[2^", "\u{1B}[15;5~",
        "\u{1B}[24;8~", "\u{1B}O5P", "\u{1B}[1;2S", "\u{1B}[E", "\u{1B}[1;5E",
    ]

    @Test("F1-F12, Page Up and Down, Insert, with modifiers, from xterm, rxvt and the Linux console: none types a thing into the line")
    func keysThatAreNotText() throws {
        let terminal = try TmuxSession(command: command("--memory"))
        try terminal.waitUntil { $0.contains("guest>") }
        try terminal.type("/whe")
        for key in Self.namedKeys { try terminal.press(key) }
        for sequence in Self.rawSequences { try terminal.type(sequence) }
        try terminal.type("re")
        var shown = try terminal.waitUntil { $0.contains("guest> /where") }
        #expect(shown.contains("guest> /where\n") || shown.hasSuffix("guest> /where"), "\(shown)")
        try terminal.press("Enter")
        shown = try terminal.waitUntil { $0.contains("\nhome > board\n") }
        #expect(shown.contains("\nhome > board\n"), "the line was not /where:\n\(shown)")
        #expect(!shown.contains("~") && !shown.contains("unknown command"), "\(shown)")
        try terminal.press("C-d")
    }

    @Test("Alt-1 opens the first room of /rooms from anywhere; the line half typed comes back at the next prompt")
    func altNumberOpensRoom() throws {
        let seed = Self.sampleSeed
        let terminal = try TmuxSession(command: command("--seed '\(seed)'"))
        try terminal.waitUntil { $0.contains("guest>") }
        try terminal.enter(["/login bob", "bob-password"])
        try terminal.waitUntil { $0.contains("logged in as bob") }
        try terminal.type("half typed")
        try terminal.waitUntil { $0.contains("> half typed") }
        try terminal.press("M-1")
        let shown = try terminal.waitUntil { $0.contains("chat > rooms > @alice  bob> half typed") }
        #expect(shown.contains("> /w 1\n"), "\(shown)")
        try terminal.press("C-u")
        try terminal.press("C-d")
    }
}
