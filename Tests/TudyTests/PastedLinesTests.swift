import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

@Suite("A multi-line paste that holds a command")
struct PastedLinesTests {
    /// Reads what the paste hands out for a run of requests (true: a password is asked).
    private func served(_ paste: String, _ requests: [Bool]) -> (first: String?, next: [PastedLines.Next]) {
        var lines = PastedLines(passwordCommands: CommandTable.passwordCommandNames)
        let first = lines.take(paste)
        return (first, requests.map { lines.next(secret: $0) })
    }

    @Test("a paste with no command stays one paste; nothing waits")
    func noCommand() {
        var lines = PastedLines(passwordCommands: CommandTable.passwordCommandNames)
        #expect(lines.take("one\n//two\nthree") == nil)
        #expect(lines.take("/login bob") == nil)
        #expect(lines.next(secret: false) == .none)
    }

    @Test("its lines are read one by one as typed, the password going to the login's prompt")
    func asTyped() {
        let run = served("hello\n/login bob\nhunter2\n/chat", [false, true, false, false])
        #expect(run.first == "hello")
        #expect(run.next == [.line("/login bob"), .line("hunter2"), .line("/chat"), PastedLines.Next.none])
    }

    @Test("a signup's two passwords both go to its prompts")
    func signup() {
        let run = served("/signup bob\npw\npw\nhi", [true, true, false])
        #expect(run.first == "/signup bob")
        #expect(run.next == [.line("pw"), .line("pw"), .line("hi")])
    }

    @Test("a login that asks for no password (refused, or already logged in): the rest is dropped, never typed")
    func refusedLogin() {
        let run = served("/login bob\nhunter2\nmore", [false, false])
        #expect(run.first == "/login bob")
        #expect(run.next == [.dropped(2), PastedLines.Next.none])
        let later = served("/where\n/LOGIN bob\nhunter2", [false, false])
        #expect(later.next == [.line("/LOGIN bob"), .dropped(1)])
    }
}
