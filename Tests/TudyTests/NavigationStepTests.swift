import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal

/// The steps of routes, from what is shown, and of whole lines rehearsed: what a line does to
/// the stacks is read without doing it, and the one performer does exactly that when it does.
@MainActor
@Suite("Navigation steps")
struct NavigationStepTests {
    static let alice = User(name: "alice"), bob = User(name: "bob")
    static let post = RouteTests.post
    static let room = Room(id: 7, kind: .group, members: [alice, bob, User(name: "carol")])

    static func state(_ tab: Tab, home: [ScreenSubject] = [.other], chat: [ScreenSubject] = [.other], modal: Bool = false)
        -> NavigationState
    {
        NavigationState(selectedTab: tab, stacks: [.home: home, .chat: chat], isPresenting: modal)
    }

    @Test("each route's steps are a value of the route and what is shown")
    func stepsOfRoutes() {
        let board = Self.state(.home)
        #expect(HomeCoordinator.steps(for: .detail(Self.post), in: board) == [.push(.post(Self.post))])
        #expect(HomeCoordinator.steps(for: .search(words: "swift"), in: board) == [.push(.postsFound(.words("swift")))])
        #expect(HomeCoordinator.steps(for: .posted(Self.post), in: board) == [.popToRoot(.home), .push(.post(Self.post))])
        #expect(HomeCoordinator.steps(for: .write(.new), in: board) == [.present(.projectWrite)])
        #expect(HomeCoordinator.steps(for: .login(then: .write(.new)), in: board) == [], "a login is the tab bar's to show")

        let room = Self.state(.chat, chat: [.other, .room(7)])
        let found = Self.state(.chat, chat: [.other, .room(7), .messagesFound])
        #expect(ChatCoordinator.steps(for: .room(Self.room), in: room) == [.popToRoot(.chat), .push(.room(Self.room))])
        #expect(ChatCoordinator.steps(for: .search(.mentions), in: room) == [.push(.messagesFound(.mentions))])
        #expect(
            ChatCoordinator.steps(for: .search(.words("exam")), in: found) == [.pop(.chat), .push(.messagesFound(.words("exam")))],
            "a search replaces the one before it")
        #expect(ChatCoordinator.steps(for: .draft(with: Self.bob), in: room) == [.popToRoot(.chat), .push(.draftRoom(with: Self.bob))])

        #expect(TabBarCoordinator.steps(for: .home, in: board) == [.popToRoot(.home), .select(.home)])
        #expect(TabBarCoordinator.steps(for: .home, in: room) == [.select(.home)], "the other tab keeps its stack")
        #expect(TabBarCoordinator.steps(for: .selectChat, in: room) == [.popToRoot(.chat), .select(.chat)])
        #expect(TabBarCoordinator.steps(for: .back, in: room) == [.pop(.chat)])
        #expect(TabBarCoordinator.steps(for: .mentions, in: board) == [.select(.chat)], "Chat's own route pushes the search")
        #expect(TabBarCoordinator.steps(for: .otherTab(.home), in: room) == [.popToRoot(.home), .select(.home)])
        #expect(TabBarCoordinator.steps(for: .presentLogin, in: Self.state(.home, modal: true)) == [], "one modal at a time")
    }

    @Test("a line's steps, rehearsed, are read and not applied; performed, they are what the stacks show")
    func linesRehearsed() async throws {
        let app = try await TestApp.started(users: ["alice", "bob"], loggedIn: "bob")
        let session = try await app.session("alice")
        let post = try await app.store.createProject(
            ProjectDraft(title: "Swift", works: ["ios"], capacity: 3, body: "b"), by: session)
        let controller = app.tabBar.tabBarController

        let open = await controller.rehearse { await app.send("/open \(post.id)") }
        #expect(open == [.push(.post(post))])
        #expect(controller.path == "home > board", "a rehearsal changes nothing")

        await app.send("/open \(post.id)")
        #expect(controller.path == "home > board > #\(post.id)")
        let join = await controller.rehearse { await app.send("/join") }
        #expect(join.first == .select(.chat))
        #expect(join.dropFirst().first == .popToRoot(.chat))
        guard case .push(.room(let room)) = join.last else {
            Issue.record("expected the study room pushed last, saw \(join)")
            return
        }
        #expect(room.projectID == post.id)
        #expect(await controller.rehearse { await app.send("/back") } == [.pop(.home)])
        #expect(await controller.rehearse { await app.send("/chat") } == [.select(.chat)])
        #expect(await controller.rehearse { await app.send("/dm alice") } == [.select(.chat), .popToRoot(.chat), .push(.draftRoom(with: Self.alice))])
        #expect(controller.path == "home > board > #\(post.id)")
    }
}
