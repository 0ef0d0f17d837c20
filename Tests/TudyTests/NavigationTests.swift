import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

@MainActor
@Suite("Navigation")
struct NavigationTests {
    private func seeded(loggedIn: String? = nil) async throws -> TestApp {
        let testApp = try await TestApp.started(users: ["alice", "bob"], loggedIn: loggedIn)
        _ = try await testApp.store.createProject(
            ProjectDraft(title: "Swift study", works: ["ios"], capacity: 4, body: "Saturdays"), by: try await testApp.session("alice"))
        return testApp
    }

    @Test("each tab keeps its own stack across switches")
    func stacksPerTab() async throws {
        let testApp = try await seeded(loggedIn: "bob")
        await testApp.send("/search swift", "/open 1")
        #expect(testApp.tabBar.tabBarController.path == "home > board > search swift > #1")
        await testApp.send("/chat", "/dm alice")
        #expect(testApp.tabBar.tabBarController.path == "chat > rooms > @alice")
        await testApp.send("/home")
        #expect(testApp.tabBar.tabBarController.path == "home > board > search swift > #1")
        await testApp.send("/chat")
        #expect(testApp.tabBar.tabBarController.path == "chat > rooms > @alice")
    }

    @Test("/dm NAME works from every screen: from Home (and a post, whose /dm takes no name) it opens Chat's 1:1 room; a guest logs in first")
    func personalChatFromAnywhere() async throws {
        let testApp = try await seeded(loggedIn: "bob")
        await testApp.send("/open 1", "/dm alice")
        #expect(testApp.tabBar.tabBarController.path == "chat > rooms > @alice")
        await testApp.send("/home", "/dm alice")
        #expect(testApp.tabBar.tabBarController.path == "chat > rooms > @alice")

        let guest = try await seeded(loggedIn: nil)
        await guest.send("/dm alice")
        #expect(guest.tabBar.tabBarController.path == "home > board > login")
        await guest.send("/login bob", "password-bob")
        #expect(guest.tabBar.tabBarController.path == "chat > rooms > @alice")
    }

    @Test("/tree: the live coordinators, each with its stack, the selected tab and the modal marked")
    func tree() async throws {
        let testApp = try await seeded(loggedIn: "alice")
        await testApp.send("/chat", "/dm bob", "/home", "/open 1", "/edit")
        testApp.output.clear()
        #expect(await testApp.send("/tree") == [])
        #expect(testApp.output.standardOutput == """
            AppCoordinator
            └── TabBarCoordinator
                ├── HomeCoordinator (selected tab): board > #1
                │   └── ProjectWriteCoordinator (modal): edit
                └── ChatCoordinator: rooms > @bob

            """)
    }

    @Test("a trace draws no message's text: not a message sent, not /edit's new text, not a line continued")
    func traceHoldsNoMessageText() async throws {
        let drawn = Drawing()
        let testApp = TestApp(trace: FlowTrace { drawn.text += $0 })
        for name in ["alice", "bob"] { _ = try await testApp.store.signUp(name: name, password: "password-\(name)") }
        try await testApp.app.start()
        testApp.context.login.session = try await testApp.session("bob")
        await testApp.send("/chat", "/dm alice", "secret one", "secret two\\", "secret three", "/edit #1 secret four", "/edit secret five")
        #expect(!drawn.text.contains("secret"), "\(drawn.text)")
        #expect(drawn.text.contains("User->>TabBar: /edit #1\n") && drawn.text.contains("User->>TabBar: (a message)\n"))
    }

    private final class Drawing {
        var text = ""
    }

    @Test("one command table: each place names a command once, none hides behind a global one, every name works somewhere, and each declared command parses into its place's typed value")
    func commandDeclarations() async throws {
        for place in CommandTable.places {
            let specs = CommandTable.specs(at: place)
            #expect(Set(specs.map(\.name)).count == specs.count, "\(place.label) names a command twice")
            #expect(specs.allSatisfy { CommandTable.spec($0.name, at: .everywhere) == nil }, "\(place.label) has a command the global one of its name would hide")
        }
        let declared = Set(CommandPlace.allCases.flatMap { CommandTable.specs(at: $0).map(\.name) })
        #expect(declared == Set(CommandName.allCases), "declared nowhere: \(Set(CommandName.allCases).subtracting(declared))")
        // Every declared command becomes its place's value, with an argument as its declaration reads it.
        func parses<Command: PlaceCommand>(_: Command.Type) -> [String] {
            CommandTable.specs(at: Command.place).compactMap { spec in
                let sample = switch spec.argument.kind {
                case .listed, .messageNumber, .invitationNumber: "#3"
                case .numberedText: "#3 text"
                case .seconds: "5"
                case nil: ""
                default: "word"
                }
                // A timer's argument is a plan, an answer one of three words, not any word.
                let value = try? spec.read([.timer: "50/10 x4", .rsvp: "yes", .attendance: "4"][spec.name] ?? sample)
                return (try? value.flatMap { try Command(spec.name, $0) }) == nil ? "\(Command.place.label): /\(spec.name.typed)" : nil
            }
        }
        let unparsed = parses(GlobalCommand.self) + parses(BoardCommand.self) + parses(PostsFoundCommand.self) + parses(PostCommand.self) + parses(RoomsCommand.self)
            + parses(RoomCommand.self) + parses(MessagesFoundCommand.self) + parses(DraftRoomCommand.self)
        #expect(unparsed.isEmpty, "declared but not parsed: \(unparsed)")
        let testApp = try await seeded(loggedIn: "alice")
        let board = BoardScreen(context: testApp.context)
        #expect(throws: CommandError.unknown(name: "leave", suggestion: nil)) {
            _ = try BoardCommand.parse(.command(name: .leave, argument: .none), on: board)
        }
    }

    @Test("/dm to nobody, or to yourself, typed on the board or a post, is refused with the user where they were, not in Chat")
    func refusedPersonalChatStaysHome() async throws {
        let app = try await TestApp.started(users: ["alice", "bob"], loggedIn: "alice")
        #expect(await app.send("/dm nobody") == ["there is no user named 'nobody'"])
        #expect(app.tabBar.tabBarController.path == "home > board")
        #expect(await app.send("/dm alice") == ["that is you: /dm someone else"])
        #expect(app.tabBar.tabBarController.path == "home > board")
        #expect(await app.send("/dm bob").isEmpty)
        #expect(app.tabBar.tabBarController.path == "chat > rooms > @bob")
    }

    @Test("/back pops a screen, and at a root says there is nothing to go back to")
    func back() async throws {
        let testApp = try await seeded()
        await testApp.send("/open 1")
        #expect(await testApp.send("/back") == [])
        #expect(testApp.tabBar.tabBarController.path == "home > board")
        #expect(await testApp.send("/back") == ["nothing to go back to at home > board: /home or /chat switch tabs"])
    }

    @Test("a modal is shown over the tabs and named last; the tabs wait under it")
    func modalOverTabs() async throws {
        let testApp = try await seeded(loggedIn: "alice")
        await testApp.send("/open 1", "/edit")
        #expect(testApp.tabBar.tabBarController.presented != nil)
        #expect(testApp.tabBar.tabBarController.path == "home > board > #1 > edit")
        #expect(await testApp.send("/chat") == ["/chat is not available while writing a post: finish it, or /back"])
        await testApp.send("/back")
        #expect(testApp.tabBar.tabBarController.presented == nil)
        #expect(testApp.tabBar.tabBarController.path == "home > board > #1")
    }

    @Test("a pending /new goes on after login")
    func pendingWriteResumes() async throws {
        let testApp = try await seeded()
        await testApp.send("/new")
        #expect(testApp.tabBar.tabBarController.path == "home > board > login")
        await testApp.send("/login alice", "password-alice")
        #expect(testApp.tabBar.tabBarController.path == "home > board > write")
        #expect(testApp.tabBar.homeCoordinator.writeCoordinator != nil)
    }

    @Test("a pending /dm goes on after signup: Chat selected, the 1:1 room open")
    func pendingDMResumes() async throws {
        let testApp = try await seeded()
        await testApp.send("/open 1", "/dm", "/signup carol", "password-carol", "password-carol")
        #expect(testApp.tabBar.tabBarController.path == "chat > rooms > @alice")
        #expect(testApp.context.login.user == User(name: "carol"))
        #expect(try await testApp.store.rooms(of: try await testApp.session("carol")).count == 0)
    }

    @Test("/dm on a post stores no room until the first message; going back leaves none")
    func dmStoresNothingUntilSent() async throws {
        let testApp = try await seeded(loggedIn: "bob")
        let bob = try await testApp.session("bob")
        await testApp.send("/open 1", "/dm", "/members", "/more")
        #expect(testApp.tabBar.tabBarController.path == "chat > rooms > @alice")
        #expect(try await testApp.store.rooms(of: bob).isEmpty)
        await testApp.send("/back", "/home", "/dm")
        #expect(try await testApp.store.rooms(of: bob).isEmpty)
        #expect(await testApp.send("Are you still recruiting?") == [])
        let rooms = try await testApp.store.rooms(of: bob)
        #expect(rooms.map { $0.room.members.map(\.name) } == [["bob", "alice"]])
        #expect(rooms.first?.lastMessage?.text == "Are you still recruiting?")
        #expect(testApp.tabBar.tabBarController.path == "chat > rooms > @alice")
    }

    @Test("/dm on a post opens the existing 1:1 room, never a second one")
    func dmReusesRoom() async throws {
        let testApp = try await seeded(loggedIn: "bob")
        let existing = try await testApp.store.directRoom(between: try await testApp.session("bob"), and: User(name: "alice"))
        await testApp.send("/open 1", "/dm")
        #expect(testApp.tabBar.tabBarController.path == "chat > rooms > @alice")
        #expect((testApp.tabBar.tabBarController.visibleScreen as? RoomScreen)?.room.id == existing.id)
        #expect(try await testApp.store.rooms(of: try await testApp.session("bob")).count == 1)
    }

    @Test("a pending action is dropped when the login is cancelled")
    func pendingDropped() async throws {
        let testApp = try await seeded()
        await testApp.send("/chat", "/back")
        #expect(testApp.tabBar.chatCoordinator.pendingRoute == nil)
        await testApp.send("/login alice", "password-alice")
        #expect(testApp.tabBar.tabBarController.path == "home > board")
    }

    @Test("a failed login asked for by an action keeps the login open for another try")
    func failedLoginStaysOpen() async throws {
        let testApp = try await seeded()
        await testApp.send("/chat")
        #expect(await testApp.send("/login alice", "wrong-password") == ["wrong name or password"])
        #expect(testApp.tabBar.loginCoordinator != nil)
        await testApp.send("/login alice", "password-alice")
        #expect(testApp.tabBar.tabBarController.path == "chat > rooms")
    }

    @Test("a password line is never taken as a command")
    func passwordIsNotACommand() async throws {
        let testApp = try await seeded()
        #expect(testApp.tabBar.lineRequest == LineRequest(prompt: "home > board  guest> "))
        await testApp.send("/login alice")
        #expect(testApp.tabBar.lineRequest == LineRequest(prompt: "password for alice: ", isSecret: true))
        #expect(await testApp.send("/quit") == ["wrong name or password"])
        #expect(testApp.tabBar.tabBarController.presented == nil)
    }

    @Test("/logout leaves Chat and empties its stack")
    func logout() async throws {
        let testApp = try await seeded(loggedIn: "bob")
        await testApp.send("/chat", "/dm alice", "/logout")
        #expect(testApp.tabBar.tabBarController.path == "home > board")
        #expect(testApp.tabBar.tabBarController.navigator(for: .chat).screens.count == 1)
        #expect(await testApp.send("/logout") == ["you are not logged in: /login <name> or /signup <name>"])
    }

    @Test("/invite in a 1:1 room moves to the new group room")
    func inviteMovesToGroup() async throws {
        let testApp = try await seeded(loggedIn: "bob")
        _ = try await testApp.store.signUp(name: "carol", password: "password-carol")
        await testApp.send("/chat", "/dm alice", "/invite carol")
        #expect(testApp.tabBar.tabBarController.path == "chat > rooms > group #2")
        await testApp.send("/leave")
        #expect(testApp.tabBar.tabBarController.path == "chat > rooms")
    }
}

/// What the user is looking at goes away under them: a post deleted by its writer, a room
/// left from another session.
@MainActor
@Suite("Gone from under the user")
struct GoneTests {
    @Test("a post deleted while someone views it: their next command on it says so and takes them to the board")
    func deletedPost() async throws {
        let app = try await TestApp.started(users: ["alice", "bob"], loggedIn: "bob")
        let post = try await app.store.createProject(
            ProjectDraft(title: "T", works: ["ios"], capacity: 2, body: "B"), by: try await app.session("alice"))
        await app.send("/open \(post.id)")
        try await app.store.deleteProject(id: post.id, by: try await app.session("alice"))
        #expect(await app.send("/dm") == ["post #\(post.id) is gone (its writer deleted it): back at home > board"])
        #expect(app.tabBar.tabBarController.path == "home > board")
    }

    @Test("/delete at a terminal asks to be typed again; any other line between keeps the post")
    func deleteAsksFirst() async throws {
        let app = try await TestApp.started(users: ["alice"], loggedIn: "alice")
        app.context.confirmsDeletion = true
        let post = try await app.store.createProject(
            ProjectDraft(title: "Keep me", works: ["ios"], capacity: 2, body: "B"), by: try await app.session("alice"))
        await app.send("/open \(post.id)", "/delete")
        #expect(app.output.standardOutput.hasSuffix("/delete again deletes post #\(post.id) Keep me for good; anything else keeps it\n"))
        await app.send("/where", "/delete")
        #expect(try await app.store.project(id: post.id).title == "Keep me")
        #expect(await app.send("/delete") == [])
        await #expect(throws: StoreError.noSuchProject(post.id)) { try await app.store.project(id: post.id) }
        #expect(app.tabBar.tabBarController.path == "home > board")
    }

    @Test("a room left from another session: the next line in it says so and takes the user to the rooms list")
    func leftRoom() async throws {
        let app = try await TestApp.started(users: ["alice", "bob"], loggedIn: "bob")
        let room = try await app.store.directRoom(between: try await app.session("alice"), and: User(name: "bob"))
        await app.send("/chat", "/open \(room.id)")
        try await app.store.leave(roomID: room.id, session: try await app.session("bob"))
        #expect(await app.send("still here?") == ["you are no longer in room #\(room.id): back at chat > rooms"])
        #expect(app.tabBar.tabBarController.path == "chat > rooms")
    }

    @Test("the board and a search show a page of the newest posts, /more the next, each post once, then says there is no more")
    func boardPages() async throws {
        let writers = ["alice", "bob", "carol", "dave"]
        let app = try await TestApp.started(users: writers, loggedIn: "alice")
        let count = PostPage.size + 12
        for number in 1...count {
            // Each writes at most Project.postsPerWindow an hour.
            _ = try await app.store.createProject(
                ProjectDraft(title: "post \(number)", works: ["ios"], capacity: 2, body: "B"), by: try await app.session(writers[number % writers.count]))
        }
        func titlesShown() -> [Int] {
            app.output.standardOutput.split(separator: "\n").compactMap { line in
                line.firstMatch(of: /post (\d+)/).flatMap { Int($0.1) }
            }
        }
        for (list, more) in [("/list", "older posts: /more"), ("/work ios", "older posts found: /more")] {
            app.output.clear()
            #expect(await app.send(list) == [])
            #expect(titlesShown() == Array((count - PostPage.size + 1...count).reversed()), "\(list): the newest page")
            #expect(app.output.standardOutput.hasSuffix(more + "\n"))
            #expect(await app.send("/more") == [])
            #expect(titlesShown() == Array((1...count).reversed()), "\(list) then /more: every post once, newest first")
            #expect(!app.output.standardOutput.hasSuffix(more + "\n"))
            app.output.clear()
            #expect(await app.send("/more") == [])
            #expect(app.output.standardOutput.hasPrefix("no older posts"))
            await app.send("/home")
        }
    }

    @Test("a tab command that fails leaves the stack as it was")
    func failedTabCommandKeepsStack() async throws {
        let app = try await TestApp.started(users: ["alice"], loggedIn: "alice")
        let post = try await app.store.createProject(
            ProjectDraft(title: "T", works: ["ios"], capacity: 2, body: "B"), by: try await app.session("alice"))
        await app.send("/work ios", "/open \(post.id)")
        #expect(await app.send("/open 99") == ["there is no post #99: /list shows the posts"])
        #expect(app.tabBar.tabBarController.path == "home > board > work ios > #\(post.id)")
    }
}

@MainActor
@Suite("Leaving and completing")
struct LeavingTests {
    @Test("/quit in a script with a draft open: dropped, with a line on stderr saying so")
    func quitInDraft() async throws {
        let app = try await TestApp.started(users: ["alice"], loggedIn: "alice")
        #expect(await app.run(script: "/new\nTitle\n/quit\n/whoami\n") == 0)
        #expect(app.output.standardError == "/quit: a post was being written: the draft was dropped\n")
        #expect(!app.output.standardOutput.contains("alice\n"))
    }

    @Test("Tab after /dm offers other people, after /invite those not in the room")
    func completionNames() async throws {
        let app = try await TestApp.started(users: ["alice", "bob", "carol"], loggedIn: "bob")
        let room = try await app.store.directRoom(between: try await app.session("alice"), and: User(name: "bob"))
        await app.send("/chat", "/open \(room.id)")
        let vocabulary = try #require(await app.tabBar.completionVocabulary())
        #expect(vocabulary.candidates(for: "", in: "/dm ") == ["alice", "carol"])
        #expect(vocabulary.candidates(for: "", in: "/invite ") == ["carol"])

        // On a 1:1 room not made yet, the same: neither of the two.
        await app.send("/dm carol")
        let draft = try #require(await app.tabBar.completionVocabulary())
        #expect(draft.candidates(for: "", in: "/invite ") == ["alice"])
    }
}
