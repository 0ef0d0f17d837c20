import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// What IRC, irssi and WeeChat people type: each works as the tudy command it means, or is
/// answered with one line naming it, and the session goes on where it was.
@MainActor
@Suite("Other clients' commands")
struct OtherClientCommandTests {
    /// bob logged in, in his 1:1 room with alice (#1); alice's post is #1.
    private func bobInRoom() async throws -> TestApp {
        let app = try await TestApp.started(users: ["alice", "bob", "carol"], loggedIn: "bob")
        _ = try await app.store.createProject(
            ProjectDraft(title: "Swift study", works: ["ios"], capacity: 4, body: "Saturdays"), by: try await app.session("alice"))
        _ = try await app.store.directRoom(between: try await app.session("bob"), and: User(name: "alice"))
        #expect(await app.send("/chat", "/open 1") == [])
        return app
    }

    @Test("a name tudy answers with a line naming its own, the user staying in the room", arguments: [
        ("/part", "/leave"), ("/close", "/back"), ("/clear", "Ctrl-L"), ("/j swift", "/join"), ("/w", "/w <n>"), ("/w 2", "you have 1 room"),
        ("/query", "/dm"), ("/msg", "/dm"),
    ])
    func hints(line: String, naming: String) async throws {
        let app = try await bobInRoom()
        let errors = await app.send(line)
        #expect(errors.count == 1 && errors[0].contains(naming), "\(errors)")
        #expect(app.tabBar.tabBarController.path == "chat > rooms > @alice")
        #expect(try await app.store.rooms(of: try await app.session("bob")).count == 1, "nothing was changed")
    }

    @Test("/w N opens the Nth room of /rooms from anywhere, as irssi's window N")
    func roomByPosition() async throws {
        let app = try await bobInRoom()
        let second = try await app.store.directRoom(between: try await app.session("bob"), and: User(name: "carol"))
        let listed = try await app.store.rooms(of: try await app.session("bob")).map(\.room.id)
        #expect(await app.send("/home", "/open 1", "/w 2") == [])
        #expect((app.tabBar.chatCoordinator.navigationController.topScreen as? RoomScreen)?.room.id == listed[1])
        #expect(await app.send("/w 1") == [])
        #expect((app.tabBar.chatCoordinator.navigationController.topScreen as? RoomScreen)?.room.id == listed[0])
        #expect(Set(listed) == [1, second.id])
    }

    @Test("/exit leaves as /quit does; /names lists the members as /members does")
    func aliases() async throws {
        let app = try await bobInRoom()
        app.output.clear()
        #expect(await app.send("/names") == [])
        #expect(app.output.standardOutput.contains("bob, alice") || app.output.standardOutput.contains("alice, bob"), "\(app.output.standardOutput)")
        #expect(try await app.tabBar.handle(line: "/exit") == .quit)
    }

    @Test("/query NAME opens the 1:1 room; /msg NAME TEXT opens it and sends TEXT there")
    func queryAndMessage() async throws {
        let app = try await bobInRoom()
        #expect(await app.send("/home", "/query alice") == [])
        #expect(app.tabBar.tabBarController.path == "chat > rooms > @alice")
        #expect(await app.send("/home", "/msg carol see you at ten") == [])
        #expect(app.tabBar.tabBarController.path == "chat > rooms > @carol")
        let room = try #require(try await app.store.rooms(of: try await app.session("carol")).first)
        let messages = try await app.store.messages(in: room.room.id, for: try await app.session("carol"), after: 0, limit: 10)
        #expect(messages.map(\.text) == ["see you at ten"])
    }

    @Test("a guest's /msg: the login comes first, and the text is not sent, nor taken for the password")
    func guestMessage() async throws {
        let app = try await TestApp.started(users: ["alice", "bob"])
        #expect(await app.send("/msg alice hello") == [])
        #expect(app.tabBar.tabBarController.path == "home > board > login")
        #expect(await app.send("/login bob", "password-bob") == [])
        #expect(app.tabBar.tabBarController.path == "chat > rooms > @alice")
        #expect(try await app.store.rooms(of: try await app.session("bob")).isEmpty, "nothing was sent")
    }

    @Test("a mistyped name is offered the command it begins, or one spelled alike that changes nothing; never one that changes something", arguments: [
        ("exti", nil), ("eidt", nil), ("lave", nil), ("uinsend", nil), ("delet", "/delete"), ("mebers", "/members"),
    ] as [(String, String?)])
    func suggestions(typed: String, offered: String?) {
        guard case .unknown(_, let suggestion) = CommandTable.error(forUnavailable: typed, here: "home > board") else {
            Issue.record("/\(typed) is taken for a known command")
            return
        }
        if let offered {
            #expect(suggestion == offered)
        } else {
            let name = CommandTable.name(String(suggestion?.dropFirst() ?? ""))
            #expect(!(name.map(CommandTable.changing.contains) ?? false), "/\(typed) was offered \(suggestion ?? "")")
        }
    }

    @Test("/open N on Home where no post N is but a room N of the user's is: the line points to Chat")
    func openRoomNumberOnHome() async throws {
        let app = try await bobInRoom()
        let errors = await app.send("/home", "/open 2")
        #expect(errors == ["there is no post #2: /list shows the posts"])
        _ = try await app.store.directRoom(between: try await app.session("bob"), and: User(name: "carol"))
        #expect(await app.send("/open 2") == ["there is no post #2; your room #2 is in Chat: /chat, then /open 2"])
    }
}
