import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

// Small things a new user met: each says what is wrong, and changes nothing.
extension BinaryTests {
    @Test("--check where there is no store makes none: exit 2, a line saying so, no file left")
    func checkWithoutStore() throws {
        let directory = try TemporaryDirectory.make()
        let path = directory.appendingPathComponent("none.sqlite").path
        let result = try TudyProcess(["--check", "--store", path], input: [], directory: directory).finish()
        #expect(result.status == 2)
        #expect(result.errors.contains("there is no store file there to check"), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: path), "a store was made")
    }

    @Test("tudy help with a topic it does not have is a usage error (64) naming the topics; a known one still shows")
    func helpTopics() throws {
        let directory = try TemporaryDirectory.make()
        let unknown = try TudyProcess(["help", "foo"], input: [], directory: directory).finish()
        #expect(unknown.status == 64)
        #expect(unknown.errors.contains("'tudy help chat' or 'tudy help serve'"), "\(unknown.errors)")
        let known = try TudyProcess(["help", "chat"], input: [], directory: directory).finish()
        #expect(known.status == 0 && known.output.contains("--store"))
    }
}

@MainActor
@Suite("Small mends")
struct SmallMendTests {
    @Test("/topic with nothing to change says so in a line: clearing no topic, or setting the one there")
    func topicUnchanged() async throws {
        let app = try await TestApp.started(users: ["alice", "bob"], loggedIn: "bob")
        _ = try await app.store.directRoom(between: try await app.session("bob"), and: User(name: "alice"))
        await app.send("/chat", "/open 1")
        app.output.clear()
        #expect(await app.send("/topic -", "/topic chapter 3", "/topic chapter 3") == [])
        #expect(app.output.standardOutput == "no topic to clear: /topic <text> sets one\n── topic: chapter 3 ──\nthe topic is chapter 3 already\n")
    }

    @Test("a post deleted while Chat was in view: /home says it is gone and shows the board, not the post's screen")
    func deletedPostBehindChat() async throws {
        let app = try await TestApp.started(users: ["alice", "bob"], loggedIn: "bob")
        let post = try await app.store.createProject(
            ProjectDraft(title: "T", works: ["ios"], capacity: 2, body: "B"), by: try await app.session("alice"))
        await app.send("/open \(post.id)", "/chat")
        try await app.store.deleteProject(id: post.id, by: try await app.session("alice"))
        #expect(await app.send("/home") == ["post #\(post.id) is gone (its writer deleted it): back at home > board"])
        #expect(app.tabBar.tabBarController.path == "home > board")
    }

    @Test("/help in a modal lists no global command the modal refuses", arguments: ["/new", "/dm alice"])
    func helpInModal(opening: String) async throws {
        let app = try await TestApp.started(users: ["alice", "bob"], loggedIn: opening == "/new" ? "bob" : nil)
        await app.send(opening)
        app.output.clear()
        await app.send("/help")
        let help = app.output.standardOutput
        let heldBack = help.split(separator: "\n").first { $0.hasPrefix("held back") }.map(String.init) ?? ""
        let names = heldBack.split(whereSeparator: { $0 == " " || $0 == "," }).filter { $0.hasPrefix("/") }.map(String.init)
        #expect(!names.isEmpty, "\(help)")
        // Those that end or change the modal itself are left out: they are answered differently.
        for command in CommandTable.everywhere.map(\.name) where ![.back, .quit, .help, .signup, .login].contains(command) {
            let typed = command.typed
            let errors = await app.send("/" + typed)
            let refused = errors.contains { $0.contains("is not available while") }
            #expect(refused == names.contains("/" + typed), "/\(typed): refused \(refused), help says \(heldBack)")
        }
    }
}
