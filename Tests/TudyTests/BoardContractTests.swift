import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// The board as every store keeps it: posts newest first, found by words and work tags, and
/// changed by their writer only.
@Suite("ChatStore contract: the board", .closingStores)
struct BoardContractTests {
    private let alice = User(name: "alice")
    private let draft = ProjectDraft(title: "Swift study", works: ["ios"], capacity: 4, body: "Saturdays")

    @Test("board search folds case for every script, the same in every store", arguments: StoreFactory.all)
    func searchFoldsCase(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let russian = try await store.createProject(
            ProjectDraft(title: "ПРИВЕТ Мир", works: ["ios"], capacity: 2, body: "Élan"), by: s.alice)
        let greek = try await store.createProject(
            ProjectDraft(title: "ΣΟΦΙΑ study", works: ["ios"], capacity: 2, body: "스터디를 합니다"), by: s.alice)
        #expect(try await store.projects(.words("привет")).map(\.id) == [russian.id])
        #expect(try await store.projects(.words("мир ÉLAN")).map(\.id) == [russian.id])
        #expect(try await store.projects(.words("élan")).map(\.id) == [russian.id])
        #expect(try await store.projects(.words("σοφια")).map(\.id) == [greek.id])
        #expect(try await store.projects(.words("스터디")).map(\.id) == [greek.id])
        let wide = try await store.createProject(
            ProjectDraft(title: "ＳＷＩＦＴ in der Straße", works: ["ios"], capacity: 2, body: "한국어".decomposedStringWithCanonicalMapping),
            by: s.alice)
        #expect(try await store.projects(.words("swift STRASSE 국어")).map(\.id) == [wide.id], "forms and full case")
    }

    @Test("board search through each store's index: short words, % and _ as characters, a post edited or deleted", arguments: StoreFactory.all)
    func searchFollowsPosts(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let post = try await store.createProject(
            ProjectDraft(title: "안녕 Go 모임", works: ["go"], capacity: 3, body: "100% remote, on_line"), by: s.alice)
        #expect(try await store.projects(.words("안녕 go")).map(\.id) == [post.id])
        #expect(try await store.projects(.words("100%")).map(\.id) == [post.id])
        #expect(try await store.projects(.words("0%r")).isEmpty, "% is a character, not any run of them")
        #expect(try await store.projects(.words("n_l")).map(\.id) == [post.id])
        #expect(try await store.projects(.words("e_l")).isEmpty, "_ is a character, not any one")
        #expect(try await store.projects(.words("모임 line")).map(\.id) == [post.id])
        #expect(try await store.projects(.words("모임100%")).isEmpty, "no word spans the title and the body")
        _ = try await store.updateProject(
            id: post.id, with: ProjectDraft(title: "Rust 모임", works: ["rust"], capacity: 3, body: "in person"), by: s.alice)
        #expect(try await store.projects(.words("remote")).isEmpty, "the old text is out of the index")
        #expect(try await store.projects(.words("rust person")).map(\.id) == [post.id])
        try await store.deleteProject(id: post.id, by: s.alice)
        #expect(try await store.projects(.words("rust")).isEmpty)
    }

    @Test("posts: newest first, search, work tags", arguments: StoreFactory.all)
    func posts(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let first = try await store.createProject(draft, by: s.alice)
        let second = try await store.createProject(
            ProjectDraft(title: "Backend with Vapor", works: ["backend", "ios"], capacity: 3, body: "Swift on the server"),
            by: s.bob)
        #expect(try await store.projects(.all).map(\.id) == [second.id, first.id])
        #expect(try await store.projects(.words("swift")).map(\.id) == [second.id, first.id])
        #expect(try await store.projects(.words("vapor SERVER")).map(\.id) == [second.id])
        #expect(try await store.projects(.work("backend")).map(\.id) == [second.id])
        #expect(try await store.projects(.work("design")).isEmpty)
        #expect(try await store.project(id: first.id) == first)
        #expect(first.isOpen && first.writer == alice)
        await #expect(throws: StoreError.noSuchProject(99)) { try await store.project(id: 99) }
        await #expect(throws: StoreError.invalidDraft("a post needs a title")) {
            try await store.createProject(ProjectDraft(title: " ", works: ["ios"], capacity: 2, body: "b"), by: s.alice)
        }
    }

    @Test("the board is read a page at a time, each post once, for every query", arguments: StoreFactory.all)
    func pages(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        var made: [Int] = []
        for number in 1...7 {
            let works = number.isMultiple(of: 2) ? ["ios", "backend"] : ["ios"]
            made.append(try await store.createProject(
                ProjectDraft(title: "Swift study \(number)", works: works, capacity: 2, body: "week \(number)"), by: s.alice).id)
        }
        for query in [ProjectQuery.all, .words("swift"), .work("ios")] {
            var seen: [Int] = []
            var page = PostPage(before: nil, limit: 3)
            // Bounded, so that a store that ignores `before` fails rather than loops.
            for _ in 0..<made.count {
                let posts = try await store.projects(query, page: page).map(\.id)
                #expect(posts.count <= 3, "a page holds at most its limit")
                guard let oldest = posts.last else { break }
                seen += posts
                page = PostPage(before: oldest, limit: 3)
            }
            #expect(seen == made.reversed(), "\(query): every post once, newest first, over pages")
        }
        let evens = made.enumerated().filter { ($0.offset + 1).isMultiple(of: 2) }.map(\.element)
        #expect(try await store.projects(.work("backend"), page: PostPage(before: evens[2], limit: 10)).map(\.id)
            == [evens[1], evens[0]])
    }

    @Test("only the writer changes a post, whatever id is passed", arguments: StoreFactory.all)
    func writerOnly(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let post = try await store.createProject(draft, by: s.alice)
        let notWriter = StoreError.notWriter(projectID: post.id, writer: "alice")
        var changed = draft
        changed.title = "Changed"
        await #expect(throws: notWriter) { try await store.updateProject(id: post.id, with: changed, by: s.bob) }
        await #expect(throws: notWriter) { try await store.setProject(id: post.id, isOpen: false, by: s.bob) }
        await #expect(throws: notWriter) { try await store.deleteProject(id: post.id, by: s.bob) }
        #expect(try await store.project(id: post.id) == post)

        #expect(try await store.updateProject(id: post.id, with: changed, by: s.alice).title == "Changed")
        #expect(try await store.setProject(id: post.id, isOpen: false, by: s.alice).isOpen == false)
        try await store.deleteProject(id: post.id, by: s.alice)
        await #expect(throws: StoreError.noSuchProject(post.id)) { try await store.project(id: post.id) }
    }

    @Test("one writes at most 20 posts an hour; the 21st is refused as such, others may still post, and an hour on one may again", arguments: StoreFactory.all)
    func postingRate(_ factory: StoreFactory) async throws {
        let now = Locked(TestApp.start)
        let store = try await factory.make(clock: WallClock { now.value })
        let alice = try await store.signUp(name: "alice", password: "password-alice")
        let bob = try await store.signUp(name: "bob", password: "password-bob")
        for number in 1...Project.postsPerWindow {
            now.value = TestApp.start.addingTimeInterval(Double(number))
            _ = try await store.createProject(ProjectDraft(title: "post \(number)", works: ["ios"], capacity: 2, body: "B"), by: alice)
        }
        await #expect(throws: StoreError.tooManyPosts) { try await store.createProject(draft, by: alice) }
        #expect(try await store.createProject(draft, by: bob).writer == bob.user)
        #expect(try await store.projects(.all, page: PostPage(before: nil, limit: 100)).count == Project.postsPerWindow + 1)
        now.value = TestApp.start.addingTimeInterval(Project.postingWindow + 1.5)
        #expect(try await store.createProject(draft, by: alice).writer == alice.user, "the first post is over an hour old")
    }
}
