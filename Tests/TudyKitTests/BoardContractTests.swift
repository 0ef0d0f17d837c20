import Foundation
import Testing

@testable import TudyKit

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
}
