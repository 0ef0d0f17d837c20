import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

extension InteractiveTests {
    /// `tudy serve` with its store in the test's folder, the sample seed loaded when it starts
    /// on any port (the first time); its ws:// address.
    private func serve(port: String = "0") throws -> (RunningTudy, String) {
        let seed = Self.sampleSeed
        let server = try RunningTudy(
            TudyProcess.binary,
            ["serve", "--listen", "127.0.0.1:\(port)", "--store", directory.path + "/server.sqlite"] + (port == "0" ? ["--seed", seed] : []))
        server.waitFor("listening on ws://")
        let line = server.text.split(separator: "\n").first { $0.hasPrefix("listening on ") } ?? ""
        return (server, String(line.dropFirst("listening on ".count)))
    }

    @Test("a message typed while the server is away is shown pending and sent once, in order, when it is back; one it never sends goes back into the line")
    func messageDuringOutage() throws {
        var (server, url) = try serve()
        defer { server.stop() }
        let terminal = try TmuxSession(command: command("--memory").replacingOccurrences(of: "--memory", with: "--server '\(url)'"))
        try terminal.waitUntil { $0.contains("home > board  guest>") }
        try terminal.enter(["/login bob", "bob-password", "/chat", "/open 1"])
        // The room's prompt comes once /open is done, its marking read included.
        try terminal.waitUntil { $0.contains("@alice · alice, bob") && $0.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("@alice  bob>") }

        server.stop()
        try terminal.enter(["while away", "after it"])
        let pending = try Self.documentedLine("### When the server is away")
        try terminal.waitUntil { $0.contains(pending) }
        (server, _) = try serve(port: String(url.split(separator: ":").last ?? ""))
        var shown = try terminal.waitUntil { $0.contains("] bob: after it") }
        let sent = shown.components(separatedBy: "\n").filter { $0.contains("] bob: while away") || $0.contains("] bob: after it") }
        #expect(sent.count == 2 && sent[0].contains("while away"), "\(shown)")
        #expect(!shown.contains("not connected"), "\(shown)")

        // Away for longer than a request waits: said on one line, and the text is back in the line.
        server.stop()
        try terminal.enter(["never sent"])
        shown = try terminal.waitUntil(seconds: 30) { $0.contains("your message is not confirmed") }
        shown = try terminal.waitUntil { $0.hasSuffix("@alice  bob> never sent\n") || $0.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("bob> never sent") }
        #expect(shown.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix("bob> never sent"), "\(shown)")
        try terminal.press("C-u", "C-d")
        #expect(try terminal.waitUntil { $0.contains("EXIT=") }.contains("EXIT=0"))
    }
}
