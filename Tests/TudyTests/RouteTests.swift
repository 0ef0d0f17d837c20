import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// Home's and Chat's routes, read without a screen: where an event leads is decided from the
/// event and who is logged in (and, for a 1:1 room, what the store has), before anything is
/// shown; a route's steps are a pure function of it and what is shown, and performing them is
/// then all that changes a stack.
@MainActor
@Suite("Routes")
struct RouteTests {
    static let alice = User(name: "alice"), bob = User(name: "bob")
    static let post = Project(
        id: 1, title: "Swift", works: ["ios"], capacity: 3, body: "b", writer: alice, isOpen: true, createdAt: TestApp.start)

    @Test("Home: what a guest may not do leads to a login that keeps it; a user goes straight there")
    func homeAsksGuestsToLogIn() async throws {
        let guest = try await TestApp.started(users: ["alice"]).tabBar.homeCoordinator
        #expect(guest.route(for: BoardScreen.Event.showProjectWrite) == .login(then: .write(.new)))
        #expect(guest.route(for: ProjectDetailScreen.Event.sendChat(to: Self.alice)) == .login(then: .personalChat(with: Self.alice)))
        #expect(guest.route(for: ProjectDetailScreen.Event.join(project: Self.post)) == .login(then: .studyRoom(of: Self.post)))

        let user = try await TestApp.started(users: ["alice"], loggedIn: "alice").tabBar.homeCoordinator
        #expect(user.route(for: BoardScreen.Event.showProjectWrite) == .write(.new))
        #expect(user.route(for: ProjectDetailScreen.Event.sendChat(to: Self.alice)) == .personalChat(with: Self.alice))
        #expect(user.route(for: ProjectDetailScreen.Event.join(project: Self.post)) == .studyRoom(of: Self.post))
        #expect(user.requiringLogin(.write(.new)) == .write(.new), "after the login, the route waiting for it")
    }

    @Test("Home: a search, a post, a change to it and a deletion each have their route, whoever is logged in")
    func homeNavigates() async throws {
        let home = try await TestApp.started().tabBar.homeCoordinator
        #expect(home.route(for: BoardScreen.Event.showSearch(words: "swift ui")) == .search(words: "swift ui"))
        #expect(home.route(for: BoardScreen.Event.showFastSearch(work: "ios")) == .fastSearch(work: "ios"))
        #expect(home.route(for: BoardScreen.Event.showProjectDetail(project: Self.post)) == .detail(Self.post))
        #expect(home.route(for: ProjectSearchScreen.Event.showProjectDetail(project: Self.post)) == .detail(Self.post))
        #expect(home.route(for: ProjectDetailScreen.Event.modify(project: Self.post)) == .write(.modify(Self.post)))
        #expect(home.route(for: ProjectDetailScreen.Event.didDelete(project: Self.post)) == .back)
        #expect(home.navigationController.screens.count == 1, "deciding a route shows nothing")
    }

    @Test("Chat: a room's events lead to the room, one in place of it, the list or a search")
    func chatNavigates() async throws {
        let chat = try await TestApp.started(users: ["alice", "bob"], loggedIn: "alice").tabBar.chatCoordinator
        let direct = Room(id: 1, kind: .direct, members: [Self.alice, Self.bob])
        let group = Room(id: 2, kind: .group, members: [Self.alice, Self.bob, User(name: "carol")])
        #expect(chat.route(for: RoomScreen.Event.didInvite(room: direct), in: direct) == .stay, "someone joined the room shown")
        #expect(chat.route(for: RoomScreen.Event.didInvite(room: group), in: direct) == .roomInPlaceOfTop(group))
        #expect(chat.route(for: RoomScreen.Event.didLeave(room: direct), in: direct) == .back)
        #expect(chat.route(for: RoomScreen.Event.find("exam"), in: direct) == .search(.words("exam")))
        #expect(chat.route(for: DirectRoomDraftScreen.Event.didStart(room: direct)) == .roomInPlaceOfTop(direct))
        #expect(chat.route(for: DirectRoomDraftScreen.Event.didLeave) == .back)
        #expect(try await chat.route(for: RoomListScreen.Event.showRoom(room: group)) == .room(group))
        #expect(try await chat.route(for: RoomListScreen.Event.showDirectRoom(with: Self.bob)) == .draft(with: Self.bob))
        #expect(chat.route(for: MessageSearchScreen.Event.showRoom(room: group)) == .room(group))
        #expect(chat.navigationController.screens.count == 1, "deciding a route shows nothing")
    }

    @Test("Chat: the 1:1 room with someone is the room the two share, else a draft; never with oneself, nor with nobody")
    func personalChat() async throws {
        let testApp = try await TestApp.started(users: ["alice", "bob", "carol"], loggedIn: "alice")
        let chat = testApp.tabBar.chatCoordinator
        #expect(try await chat.route(toPersonalChatWith: Self.bob) == .draft(with: Self.bob))
        let shared = try await testApp.store.directRoom(between: try await testApp.session("alice"), and: Self.bob)
        #expect(try await chat.route(toPersonalChatWith: Self.bob) == .room(shared))
        await #expect(throws: StoreError.cannotChatWithSelf) { try await chat.route(toPersonalChatWith: Self.alice) }
        await #expect(throws: StoreError.self) { try await chat.route(toPersonalChatWith: User(name: "nobody")) }

        // Performed, the route is what the stack shows.
        try await chat.perform(try await chat.route(toPersonalChatWith: User(name: "carol")))
        #expect(chat.navigationController.screens.map(\.title) == ["rooms", "@carol"])
        try await chat.perform(try await chat.route(toPersonalChatWith: Self.bob))
        #expect(chat.navigationController.screens.map(\.title) == ["rooms", "@bob"])
        #expect(chat.navigationController.topScreen is RoomScreen)
    }
}
