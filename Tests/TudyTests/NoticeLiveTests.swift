import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal

/// What a person sees of a room's pinned notice (`/notice`): under the room's first line until
/// read, one line when pinned or taken down live, and for the one who pinned it, each read.
@MainActor
@Suite("A room's notice, as people see it")
struct NoticeLiveTests {
    /// alice, bob and carol in a group room; bob logged in, at the rooms list.
    private func app() async throws -> (TestApp, Room) {
        let (app, group) = try await TestApp.withGroupOfThree()
        await app.send("/chat")
        return (app, group)
    }

    @Test("opening a room shows its notice under the first line, once: it is read from then on")
    func shownOnOpening() async throws {
        let (app, group) = try await app()
        _ = try await app.store.pinNotice("Bring chapter 3", in: group.id, by: try await app.session("alice"))
        app.output.clear()
        await app.send("/open \(group.id)")
        let lines = app.output.standardOutput.split(separator: "\n")
        #expect(lines.first?.hasPrefix("group #\(group.id) · alice, bob, carol") == true)
        #expect(lines.dropFirst().first == "notice · alice: Bring chapter 3", "under the room's first line")
        let room = try await app.store.room(id: group.id, for: try await app.session("alice"))
        #expect(room.notice?.readBy.map(\.name) == ["alice", "bob"], "bob has read it")

        await app.send("/back")
        app.output.clear()
        await app.send("/open \(group.id)")
        #expect(!app.output.standardOutput.contains("notice ·"), "read: not shown again")
    }

    @Test("a notice pinned or taken down while the room is open is one line, live, and read; from another room, nothing")
    func pinnedLive() async throws {
        let (app, group) = try await app()
        let alice = try await app.session("alice")
        await app.send("/open \(group.id)")
        app.output.clear()
        let pinned = try await app.store.pinNotice("Bring chapter 3", in: group.id, by: alice)
        await app.tabBar.show(.roomChanged(pinned))
        await app.tabBar.show(.roomChanged(pinned))
        #expect(app.output.standardOutput == "── alice pinned a notice: Bring chapter 3 ──\n")
        #expect(try await app.store.room(id: group.id, for: alice).notice?.isRead(by: User(name: "bob")) == true, "seen live: read")

        app.output.clear()
        await app.tabBar.show(.roomChanged(try await app.store.pinNotice("", in: group.id, by: alice)))
        #expect(app.output.standardOutput == "── the notice was taken down ──\n")

        let other = try await app.store.bringIn(try await app.session("bob"), to: try await app.store.join(
            projectID: try await app.store.createProject(
                ProjectDraft(title: "Go study", works: ["backend"], capacity: 4, body: "Sundays"), by: alice).id,
            by: try await app.session("carol")).id, by: alice)
        app.output.clear()
        await app.tabBar.show(.roomChanged(try await app.store.pinNotice("elsewhere", in: other.id, by: alice)))
        #expect(app.output.standardOutput == "", "nothing from another room")
    }

    @Test("the one who pinned it is told of each read, with who has not read it yet; nobody else is")
    func readsTold() async throws {
        let (app, group) = try await app()
        await app.send("/open \(group.id)", "/notice Bring chapter 3")
        app.output.clear()
        let byCarol = try await app.store.readNotice(in: group.id, by: try await app.session("carol"))
        await app.tabBar.show(.roomChanged(byCarol))
        #expect(app.output.standardOutput == "── carol read the notice · not yet: alice ──\n")
        app.output.clear()
        await app.tabBar.show(.roomChanged(try await app.store.readNotice(in: group.id, by: try await app.session("alice"))))
        #expect(app.output.standardOutput == "── alice read the notice · read by all ──\n")
        await app.send("/notice")
        #expect(app.output.standardOutput.hasSuffix("notice · bob: Bring chapter 3\nread by all: alice, bob, carol\n"))
    }

    @Test("bad input is one line saying what would work, and the session goes on")
    func refusals() async throws {
        let (app, group) = try await app()
        await app.send("/open \(group.id)")
        #expect(await app.send("/notice \(String(repeating: "a", count: RoomNotice.textLimit + 1))")
            == ["that notice can not be pinned: a notice has at most 500 characters: shorten it"])
        app.output.clear()
        #expect(await app.send("/notice clear").isEmpty)
        #expect(app.output.standardOutput == "no notice to take down: /notice <text> pins one\n")
        await app.send("/back", "/open 1")
        #expect(await app.send("/notice hi") == ["room #1 is a 1:1 room: /notice pins a notice in a group or study room"])
        app.output.clear()
        await app.send("hello")
        #expect(app.output.standardOutput.contains("bob: hello"), "the session goes on")
    }
}
