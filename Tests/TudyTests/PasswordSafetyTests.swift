import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// No password, accepted or refused, reaches a message, a post, an error line or any output:
/// in a script the lines after a `/login` or `/signup` are its passwords, whatever became of it.
@MainActor
@Suite("Password safety", .closingStores)
struct PasswordSafetyTests {
    /// A script in which `PW` stands for the password; `whoami` is who the final `/whoami` names,
    /// which proves the script stayed in step after the refusal.
    struct Case: Sendable, CustomTestStringConvertible {
        let id: String
        let script: String
        let whoami: String
        var testDescription: String { id }
    }

    nonisolated static let loggedIn = "/login alice\nalice-password\n"
    nonisolated static let inRoom = loggedIn + "/chat\n/open 1\n"

    nonisolated static let cases: [Case] = [
        Case(id: "login while logged in, on the board", script: loggedIn + "/login alice\nPW\n", whoami: "alice"),
        Case(id: "login while logged in, in a room (the report)", script: inRoom + "/login alice\nPW\nhi bob\n", whoami: "alice"),
        Case(id: "signup while logged in, in a room", script: inRoom + "/signup carol\nPW\nPW\n", whoami: "alice"),
        Case(id: "bare login as a guest", script: "/login\nPW\n", whoami: "guest"),
        Case(id: "bare login with spaces, in a room", script: inRoom + "/login   \nPW\n", whoami: "alice"),
        Case(id: "bare signup as a guest", script: "/signup\nPW\nPW\n", whoami: "guest"),
        Case(id: "login in the write form's title", script: loggedIn + "/new\n/login alice\nPW\n/back\n", whoami: "alice"),
        Case(id: "signup in the write form's body",
             script: loggedIn + "/new\nTitle\nios\n2\n/signup carol\nPW\nPW\n.\n/back\n", whoami: "alice"),
        Case(id: "a password that starts with a slash", script: inRoom + "/login alice\n/PW\n", whoami: "alice"),
        Case(id: "upper-case command", script: inRoom + "/LOGIN alice\nPW\n", whoami: "alice"),
        Case(id: "wrong password", script: "/login alice\nPW\n", whoami: "guest"),
        Case(id: "unknown name", script: "/login nobody\nPW\n", whoami: "guest"),
        Case(id: "name taken", script: "/signup alice\nPW\nPW\n", whoami: "guest"),
        Case(id: "invalid name", script: "/signup a\nPW\nPW\n", whoami: "guest"),
        Case(id: "confirmation differs", script: "/signup carol\nPW\nnot-PW\n", whoami: "guest"),
        Case(id: "throttled", script: String(repeating: "/login alice\nPW\n", count: 6), whoami: "guest"),
        Case(id: "a failed login for a waiting action", script: "/new\n/login nobody\nPW\n/back\n", whoami: "guest"),
        Case(id: "login while logged in, bail off, twice", script: inRoom + "/login bob\nPW\n/signup bob\nPW\nPW\n", whoami: "alice"),
    ]

    @Test("a refused or failed login never shows or stores its password", arguments: StoreFactory.all, cases)
    func passwordStaysSecret(factory: StoreFactory, testCase: Case) async throws {
        let store = try await factory.make()
        var sessions: [Session] = []
        for name in ["alice", "bob"] {
            sessions.append(try await store.signUp(name: name, password: "\(name)-password"))
        }
        _ = try await store.directRoom(between: sessions[0], and: User(name: "bob"))
        let app = TestApp(store: store)
        let password = "zq7-\(UUID().uuidString.prefix(6).lowercased())"
        let script = testCase.script.replacingOccurrences(of: "PW", with: password) + "/whoami\n"

        _ = await app.run(script: script)

        let shown = app.output.standardOutput + app.output.standardError
        #expect(!shown.contains(password), "the password was shown:\n\(shown)")
        let stored = try await Self.everythingReadable(in: store, by: sessions)
        #expect(!stored.contains(password), "the password was stored:\n\(stored)")
        let lastLine = app.output.standardOutput.split(separator: "\n").last.map(String.init)
        #expect(lastLine == testCase.whoami, "the script fell out of step:\n\(app.output.transcript)")
    }

    @Test("the line after a refused login is its password; the one after that is ordinary input")
    func onlyThePasswordLineIsDropped() async throws {
        let app = try await TestApp.started(users: ["alice", "bob"])
        _ = try await app.store.directRoom(between: try await app.session("alice"), and: User(name: "bob"))
        _ = await app.run(script: "/login alice\npassword-alice\n/chat\n/open 1\n/login alice\nsecret-pass-1\nhi bob\n")
        let page = try await app.store.messages(in: 1, for: try await app.session("bob"), before: nil, limit: 10)
        #expect(page.messages.map(\.text) == ["hi bob"])
        #expect(app.output.standardError == "error: you are logged in as alice: /logout first\n")
    }

    @Test("at a terminal a refused login asks for no password")
    func terminalAsksNothing() async throws {
        let app = try await TestApp.started(users: ["alice"], loggedIn: "alice")
        app.tabBar.readsScript = false
        await app.send("/login alice")
        #expect(!app.tabBar.lineRequest.isSecret)
    }

    /// Every text a store lets these users read: posts, names, room members and messages.
    static func everythingReadable(in store: any ChatStore, by sessions: [Session]) async throws -> String {
        var text = ""
        for project in try await store.projects(.all) {
            text += project.title + "\n" + project.body + "\n"
        }
        text += try await store.userNames().joined(separator: "\n") + "\n"
        for session in sessions {
            for summary in try await store.rooms(of: session) {
                text += summary.room.memberList + "\n"
                let page = try await store.messages(in: summary.room.id, for: session, before: nil, limit: 1000)
                text += page.messages.map(\.text).joined(separator: "\n") + "\n"
            }
        }
        return text
    }
}
