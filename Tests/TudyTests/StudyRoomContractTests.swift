import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// A post's study room (`/join`, `/kick`): one rule a test, on every store.
@Suite("ChatStore contract: a post's study room", .closingStores)
struct StudyRoomContractTests {
    private static func draft(capacity: Int) -> ProjectDraft {
        ProjectDraft(title: "Swift study", works: ["ios"], capacity: capacity, body: "Saturdays")
    }

    @Test("the first /join makes the room, named after the post, with the writer; the post counts its members; a second /join opens it again", arguments: StoreFactory.all)
    func join(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let post = try await store.createProject(Self.draft(capacity: 4), by: s.alice)
        #expect(post.memberCount == 1 && post.roomID == nil, "the writer alone before anyone joins")
        await #expect(throws: StoreError.studyNotStarted(post.id), "the writer can not open it alone") {
            try await store.join(projectID: post.id, by: s.alice)
        }
        let alices = await ChangeRecorder.reading(try await store.changes(for: s.alice))

        let room = try await store.join(projectID: post.id, by: s.bob)
        #expect(room.kind == .group && room.name == "Swift study" && room.projectID == post.id)
        #expect(room.members.map(\.name) == ["alice", "bob"])
        #expect(room.title(for: s.bob.user) == "Swift study")
        #expect(await alices.next(1) == [.joined(room)], "the writer is told, live")
        let counted = try await store.project(id: post.id)
        #expect(counted.memberCount == 2 && counted.roomID == room.id)
        #expect(try await store.projects(.all).first?.memberCount == 2, "the board counts them too")
        #expect(try await store.join(projectID: post.id, by: s.bob) == room, "joined already: the same room")
        #expect(try await store.rooms(of: s.bob).map(\.room) == [room])

        let withCarol = try await store.join(projectID: post.id, by: s.carol)
        #expect(withCarol.id == room.id && withCarol.members.map(\.name) == ["alice", "bob", "carol"])
        #expect(await alices.next(1) == [.roomChanged(withCarol)])
        await #expect(throws: StoreError.noSuchProject(999)) { try await store.join(projectID: 999, by: s.bob) }
    }

    @Test("a full post takes nobody more, whoever asks at the same moment: the writer counts", arguments: StoreFactory.all)
    func capacity(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let writer = try await store.signUp(name: "writer", password: "password-writer")
        var joiners: [Session] = []
        for index in 0..<6 { joiners.append(try await store.signUp(name: "joiner\(index)", password: "password-joiner")) }
        let post = try await store.createProject(Self.draft(capacity: 4), by: writer)

        let outcomes = await withTaskGroup(of: Result<Room, StoreError>.self) { group in
            for joiner in joiners {
                group.addTask {
                    do { return .success(try await store.join(projectID: post.id, by: joiner)) } catch let error as StoreError {
                        return .failure(error)
                    } catch {
                        return .failure(.invalidFixture("\(error)"))
                    }
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        let refusals = outcomes.compactMap { outcome -> StoreError? in if case .failure(let error) = outcome { error } else { nil } }
        #expect(outcomes.count - refusals.count == 3, "three places beside the writer: \(outcomes)")
        #expect(refusals == Array(repeating: .postFull(projectID: post.id, capacity: 4), count: 3))
        let full = try await store.project(id: post.id)
        #expect(full.memberCount == 4 && full.isFull)
        #expect(try await store.room(id: try #require(full.roomID), for: writer).members.count == 4)
    }

    @Test("/invite brings nobody past a study room's capacity, whoever asks at the same moment as /join; a full post is listed full", arguments: StoreFactory.all)
    func inviteRespectsCapacity(_ factory: StoreFactory) async throws {
        let store = try await factory.make()
        let writer = try await store.signUp(name: "writer", password: "password-writer")
        var signedUp: [Session] = []
        for index in 0..<5 { signedUp.append(try await store.signUp(name: "person\(index)", password: "password-person")) }
        let people = signedUp
        let post = try await store.createProject(Self.draft(capacity: 3), by: writer)
        let room = try await store.join(projectID: post.id, by: people[0])
        // The last place, asked for at once by two invitations and a /join.
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            group.addTask { (try? await store.bringIn(people[1], to: room.id, by: writer)) != nil }
            group.addTask { (try? await store.bringIn(people[2], to: room.id, by: people[0])) != nil }
            group.addTask { (try? await store.join(projectID: post.id, by: people[3])) != nil }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 1, "one of three takes the last place: \(outcomes)")
        let full = try await store.room(id: room.id, for: writer)
        #expect(full.members.count == 3)
        await #expect(throws: StoreError.postFull(projectID: post.id, capacity: 3)) {
            try await store.bringIn(people[4], to: room.id, by: writer)
        }
        #expect(TextFormat.state(of: try await store.project(id: post.id)) == "full")
        // A group room that is no post's study room has no such limit.
        let group = try await store.bringIn(people[4], to: try await store.directRoom(between: people[0], and: people[1].user).id, by: people[0])
        #expect(try await store.bringIn(people[2], to: group.id, by: people[0]).members.count == 4)
    }

    @Test("a closed post takes nobody new, by /join or a member's /invite, but its writer and those in its room keep their places", arguments: StoreFactory.all)
    func closed(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let post = try await store.createProject(Self.draft(capacity: 4), by: s.alice)
        let room = try await store.join(projectID: post.id, by: s.bob)
        _ = try await store.setProject(id: post.id, isOpen: false, by: s.alice)
        await #expect(throws: StoreError.postClosed(post.id)) { try await store.join(projectID: post.id, by: s.carol) }
        #expect(try await store.join(projectID: post.id, by: s.bob).id == room.id)
        await #expect(throws: StoreError.postClosed(post.id), "a member's invite is no way around the closing") {
            try await store.bringIn(s.carol, to: room.id, by: s.bob)
        }
        #expect(try await store.bringIn(s.carol, to: room.id, by: s.alice).hasMember(s.carol.user), "the writer still brings people in")
        try await store.leave(roomID: room.id, session: s.alice)
        #expect(try await store.join(projectID: post.id, by: s.alice).hasMember(s.alice.user), "the writer comes back to a closed post")
    }

    @Test("the writer may /kick from the study room, and only there; whoever was kicked can not /join again, nor be invited by a member, until the writer invites them", arguments: StoreFactory.all)
    func kick(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let post = try await store.createProject(Self.draft(capacity: 4), by: s.alice)
        let room = try await store.join(projectID: post.id, by: s.bob)
        _ = try await store.join(projectID: post.id, by: s.carol)
        let direct = try await store.directRoom(between: s.alice, and: s.bob.user)
        let bobs = await ChangeRecorder.reading(try await store.changes(for: s.bob))

        await #expect(throws: StoreError.onlyWriterKicks(projectID: post.id, writer: "alice")) {
            try await store.kick(s.carol.user, from: room.id, by: s.bob)
        }
        await #expect(throws: StoreError.cannotKickSelf) { try await store.kick(s.alice.user, from: room.id, by: s.alice) }
        await #expect(throws: StoreError.unknownUser("nobody")) { try await store.kick(User(name: "nobody"), from: room.id, by: s.alice) }
        let dave = try await store.signUp(name: "dave", password: "password-dave")
        await #expect(throws: StoreError.notInRoom("dave")) { try await store.kick(dave.user, from: room.id, by: s.alice) }
        await #expect(throws: StoreError.notStudyRoom(direct.id)) { try await store.kick(s.bob.user, from: direct.id, by: s.alice) }

        let after = try await store.kick(s.bob.user, from: room.id, by: s.alice)
        #expect(after.members.map(\.name) == ["alice", "carol"] && after.departed.map(\.name) == ["bob"])
        #expect(await bobs.next(1) == [.left(roomID: room.id)], "told at once that they are out")
        await #expect(throws: StoreError.noSuchRoom(room.id)) { try await store.messages(in: room.id, for: s.bob, before: nil, limit: 5) }
        await #expect(throws: StoreError.removedFromStudy(post.id)) { try await store.join(projectID: post.id, by: s.bob) }
        #expect(try await store.project(id: post.id).memberCount == 2, "their place is free again")

        await #expect(throws: StoreError.inviteeRemoved(name: "bob", projectID: post.id), "a member's invite does not undo the writer's kick") {
            try await store.bringIn(s.bob, to: room.id, by: s.carol)
        }
        _ = try await store.bringIn(s.bob, to: room.id, by: s.alice)
        try await store.leave(roomID: room.id, session: s.bob)
        #expect(try await store.join(projectID: post.id, by: s.bob).hasMember(s.bob.user), "the writer's invitation lifts it")
    }

    @Test("a deleted post leaves its study room a group room like any other", arguments: StoreFactory.all)
    func deletedPost(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let post = try await store.createProject(Self.draft(capacity: 4), by: s.alice)
        let room = try await store.join(projectID: post.id, by: s.bob)
        _ = try await store.send("hello", to: room.id, from: s.bob)
        try await store.deleteProject(id: post.id, by: s.alice)
        let kept = try await store.room(id: room.id, for: s.bob)
        #expect(kept.projectID == nil && kept.name == "Swift study" && kept.members.count == 2)
        #expect(try await store.messages(in: room.id, for: s.alice, before: nil, limit: 5).messages.map(\.text) == ["hello"])
        await #expect(throws: StoreError.notStudyRoom(room.id)) { try await store.kick(s.bob.user, from: room.id, by: s.alice) }
    }
}
