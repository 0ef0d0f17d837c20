import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// A command of the other tab's root typed where it does not work goes to that tab first.
extension NavigationTests {
    /// alice's post #1, and the 1:1 room of alice and bob (#1) with one message.
    private func inTheRoom() async throws -> TestApp {
        let testApp = try await TestApp.started(users: ["alice", "bob"], loggedIn: "bob")
        _ = try await testApp.store.createProject(
            ProjectDraft(title: "Swift study", works: ["ios"], capacity: 4, body: "Saturdays"), by: try await testApp.session("alice"))
        let room = try await testApp.store.directRoom(between: try await testApp.session("alice"), and: User(name: "bob"))
        _ = try await testApp.store.send("hello bob", to: room.id, from: try await testApp.session("alice"))
        #expect(await testApp.send("/chat", "/open 1") == [])
        return testApp
    }

    @Test("Home's commands in a room open Home and run there", arguments: [
        ("/list", "home > board"), ("/search swift", "home > board > search swift"),
        ("/work ios", "home > board > work ios"), ("/new", "home > board > write"),
    ])
    func homeCommandsFromARoom(line: String, path: String) async throws {
        let testApp = try await inTheRoom()
        #expect(await testApp.send(line) == [])
        #expect(testApp.tabBar.tabBarController.path == path)
    }

    @Test("/new typed in a room: the answers that follow fill the post, and none reaches the room")
    func newPostFromARoom() async throws {
        let testApp = try await inTheRoom()
        #expect(await testApp.send("/new", "Graph study", "algorithm", "3", "Every evening.", ".") == [])
        let post = try await testApp.store.project(id: 2)
        #expect(post.title == "Graph study" && post.capacity == 3)
        let messages = try await testApp.store.messages(in: 1, for: try await testApp.session("bob"), after: 0, limit: 10)
        #expect(messages.map(\.text) == ["hello bob"], "an answer went to the room")
    }

    @Test("Chat's /rooms and /find on Home open Chat; a guest logs in first and lands in Chat")
    func chatCommandsFromHome() async throws {
        let testApp = try await inTheRoom()
        await testApp.send("/home", "/open 1")
        #expect(await testApp.send("/rooms") == [])
        #expect(testApp.tabBar.tabBarController.path == "chat > rooms")
        await testApp.send("/home")
        #expect(await testApp.send("/find hello") == [])
        #expect(testApp.tabBar.tabBarController.path == "chat > rooms > find hello")

        let guest = try await TestApp.started(users: ["bob"])
        await guest.send("/rooms")
        #expect(guest.tabBar.tabBarController.path == "home > board > login")
        await guest.send("/login bob", "password-bob")
        #expect(guest.tabBar.tabBarController.path == "chat > rooms")
    }

    @Test("a command of the other tab with a bad argument leaves the user where they were")
    func otherTabBadArgumentStays() async throws {
        let testApp = try await inTheRoom()
        let errors = await testApp.send("/search")
        #expect(errors.count == 1)
        #expect(testApp.tabBar.tabBarController.path == "chat > rooms > @alice")
    }
}
