import Testing
@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

@MainActor
@Suite("Delegate protocols")
struct DelegateProtocolTests {
    /// Home and Chat with a spy in place of the tab bar as every delegate.
    private func appWithSpy(users: [String] = ["alice"], loggedIn: String? = nil) async throws
        -> (TestApp, DelegateSpy)
    {
        let testApp = try await TestApp.started(users: users, loggedIn: loggedIn)
        let spy = DelegateSpy()
        testApp.tabBar.homeCoordinator.loginDelegate = spy
        testApp.tabBar.homeCoordinator.homeDelegate = spy
        testApp.tabBar.chatCoordinator.loginDelegate = spy
        testApp.tabBar.chatCoordinator.chatDelegate = spy
        return (testApp, spy)
    }

    @Test("a guest's /new asks for a login once")
    func guestNewAsksForLogin() async throws {
        let (testApp, spy) = try await appWithSpy()
        let errors = await testApp.send("/new")
        #expect(errors == [])
        #expect(spy.calls == [.prepareLoginCoordinator])
    }

    @Test("a guest's /dm on a post asks for a login once")
    func guestDMAsksForLogin() async throws {
        let (testApp, spy) = try await appWithSpy()
        _ = try await testApp.store.createProject(
            ProjectDraft(title: "Swift", works: ["ios"], capacity: 3, body: "b"), by: try await testApp.session("alice"))
        let errors = await testApp.send("/open 1", "/dm")
        #expect(errors == [])
        #expect(spy.calls == [.prepareLoginCoordinator])
    }

    @Test("a guest's /chat asks for a login once")
    func guestChatAsksForLogin() async throws {
        let (testApp, spy) = try await appWithSpy()
        let errors = await testApp.send("/chat")
        #expect(errors == [])
        #expect(spy.calls == [.prepareLoginCoordinator])
    }

    @Test("a user's /chat asks the tab bar to select Chat, and no login")
    func userChatSelects() async throws {
        let (testApp, spy) = try await appWithSpy(loggedIn: "alice")
        await testApp.send("/chat")
        #expect(spy.calls == [.selectChatTab])
    }

    @Test("/next asks the tab bar for the next unread room; a guest's asks for a login first, and the room after it")
    func nextShowsNextUnread() async throws {
        let (testApp, spy) = try await appWithSpy(loggedIn: "alice")
        #expect(await testApp.send("/next") == [])
        #expect(spy.calls == [.showNextUnread])

        let (guestApp, guestSpy) = try await appWithSpy()
        #expect(await guestApp.send("/next") == [])
        #expect(guestSpy.calls == [.prepareLoginCoordinator])
        guestApp.context.login.session = try await guestApp.session("alice")
        try await guestApp.tabBar.chatCoordinator.resumeAfterLogin()
        #expect(guestSpy.calls == [.prepareLoginCoordinator, .showNextUnread])
    }

    @Test("/dm on a post calls showPersonalChat(with:) with the writer")
    func dmShowsPersonalChat() async throws {
        let (testApp, spy) = try await appWithSpy(users: ["alice", "bob"], loggedIn: "bob")
        _ = try await testApp.store.createProject(
            ProjectDraft(title: "Swift", works: ["ios"], capacity: 3, body: "b"), by: try await testApp.session("alice"))
        let errors = await testApp.send("/open 1", "/dm")
        #expect(errors == [])
        #expect(spy.calls == [.showPersonalChat(with: User(name: "alice"))])
    }

    @Test("/join on a post calls showStudyRoom(_:) with the room the store made; a guest's asks for a login first")
    func joinShowsStudyRoom() async throws {
        let (testApp, spy) = try await appWithSpy(users: ["alice", "bob"], loggedIn: "bob")
        _ = try await testApp.store.createProject(
            ProjectDraft(title: "Swift", works: ["ios"], capacity: 3, body: "b"), by: try await testApp.session("alice"))
        #expect(await testApp.send("/open 1", "/join") == [])
        let room = try #require(try await testApp.store.project(id: 1).roomID)
        #expect(spy.calls == [.showStudyRoom(room)])

        let (guestApp, guestSpy) = try await appWithSpy(users: ["alice"], loggedIn: nil)
        _ = try await guestApp.store.createProject(
            ProjectDraft(title: "Swift", works: ["ios"], capacity: 3, body: "b"), by: try await guestApp.session("alice"))
        #expect(await guestApp.send("/open 1", "/join") == [])
        #expect(guestSpy.calls == [.prepareLoginCoordinator])
    }

    @Test("LoginCoordinator's finish reaches coordinatorDidFinish, and the parent drops it")
    func loginFinishReachesParent() async throws {
        let testApp = try await TestApp.started(users: ["alice"])
        let context = testApp.context
        let spy = DelegateSpy()
        let login = LoginCoordinator(context: context, staysOpenAfterFailure: false)
        login.finishDelegate = spy
        try await login.start()
        login.cancel()
        #expect(spy.calls == [.coordinatorDidFinish(.login)])

        await testApp.send("/login alice")
        #expect(testApp.tabBar.loginCoordinator != nil)
        await testApp.send("password-alice")
        #expect(testApp.tabBar.loginCoordinator == nil)
        #expect(testApp.tabBar.childCoordinators.map(\.type) == [.home, .chat])
    }

    @Test("a finished child is released: a weak reference to it becomes nil")
    func finishedChildIsReleased() async throws {
        let testApp = try await TestApp.started(users: ["alice"])
        weak var login: LoginCoordinator?
        await testApp.send("/login alice")
        login = testApp.tabBar.loginCoordinator
        #expect(login != nil)
        await testApp.send("/back")
        #expect(login == nil)

        weak var write: ProjectWriteCoordinator?
        testApp.context.login.session = try await testApp.session("alice")
        await testApp.send("/new")
        write = testApp.tabBar.homeCoordinator.childCoordinators.first as? ProjectWriteCoordinator
        #expect(write != nil)
        await testApp.send("/back")
        #expect(write == nil)
    }
}
