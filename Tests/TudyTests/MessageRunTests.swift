import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire
@testable import TudySQLite

/// A script's run of messages goes into one commit (group commit), and is shown exactly as
/// if each line had been sent alone.
@MainActor
@Suite("A script's run of messages")
struct MessageRunTests {
    /// A script as bytes on standard input, run on a SQLite store of ann and ben's 1:1 room,
    /// its clock standing still; the output, the exit status and the store's calls.
    private func run(_ lines: [String], oneByOne: Bool, bail: Bool = false) async throws
        -> (output: String, errors: String, status: RunOutcome, calls: [String], stored: [String])
    {
        let path = try TemporaryDirectory.make().appendingPathComponent("tudy.sqlite").path
        let base = try SQLiteChatStore(path: path, clock: WallClock { TestApp.start }, hasher: Argon2idPasswordHasher(cost: .testing))
        let ann = try await base.signUp(name: "ann", password: "ann-password")
        let ben = try await base.signUp(name: "ben", password: "ben-password")
        let room = try await base.directRoom(between: ann, and: ben.user)
        let store = FaultyStore(base)
        let app = TestApp(store: store)
        let script = ["/login ann", "ann-password", "/chat", "/open \(room.id)"] + lines
        let status: RunOutcome
        if oneByOne {
            status = await app.run(reader: ScriptedLineReader(script.map { .line($0) }, output: app.output), bail: bail)
        } else {
            app.output.echoes = false
            status = await app.run(reader: ByteLineReader(bytes: Array((script.joined(separator: "\n") + "\n").utf8)), bail: bail)
        }
        let stored = try await base.messages(in: room.id, for: ben, after: 0, limit: 1_000).map(\.text)
        return (app.output.standardOutput, app.output.standardError, status, store.calls, stored)
    }

    @Test("200 lines with an overlong message and a command among them: a few commits, every line shown and stored as one by one, the error in its place")
    func sameAsOneByOne() async throws {
        let tooLong = String(repeating: "x", count: Message.maximumLength + 1)
        let lines = (1...120).map { "first \($0)" } + [tooLong, "/members"] + (1...80).map { "then \($0)" } + ["\\", "ends the script"]
        let together = try await run(lines, oneByOne: false)
        let alone = try await run(lines, oneByOne: true)
        // The one-by-one reader echoes each line it reads; the rest is the same.
        let unechoed = alone.output.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("> ") }
        #expect(together.output.split(separator: "\n", omittingEmptySubsequences: false) == unechoed)
        #expect(together.errors == alone.errors && together.errors.contains("error: a message has at most"))
        #expect(together.status == .commandFailed && alone.status == .commandFailed)
        #expect(together.stored == alone.stored && together.stored.count == 201)
        let commits = together.calls.count { $0 == "sendTogether" }
        #expect(commits >= 4 && commits <= 8, "120 lines then 80, at most \(REPL.messagesPerCommit) a commit: \(commits)")
        #expect(together.calls.count { $0 == "send" } <= 3, "only the lines no run holds go alone")
    }

    @Test("with --bail the run stops at the first line that fails, before anything after it is sent")
    func bail() async throws {
        let lines = ["one", "two", "\u{1B}[31mred", "three", "four"]
        let together = try await run(lines, oneByOne: false, bail: true)
        #expect(together.status == .commandFailed)
        #expect(together.stored == ["one", "two"])
        #expect(together.errors.hasPrefix("error: a message can not hold control characters"))
    }
}
