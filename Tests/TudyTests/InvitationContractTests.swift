import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// Nobody is put in a room by a stranger: the same answers on every store.
@Suite("Invitations, on every store", .closingStores)
struct InvitationContractTests {
    @Test("/decline drops an invitation and nobody is told; an invitation whose inviter left no longer stands", arguments: StoreFactory.all)
    func declineAndLapse(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let direct = try await store.directRoom(between: s.alice, and: s.bob.user)
        let group = try await store.invite(s.carol.user, to: direct.id, by: s.alice).room
        let first = try #require(try await store.invitations(for: s.carol).first)
        try await store.declineInvitation(first.id, by: s.carol)
        #expect(try await store.invitations(for: s.carol).isEmpty)
        #expect(try await store.room(id: group.id, for: s.alice).members == [s.alice.user, s.bob.user])
        await #expect(throws: StoreError.noSuchInvitation(first.id)) { try await store.declineInvitation(first.id, by: s.carol) }

        _ = try await store.invite(s.carol.user, to: group.id, by: s.bob)
        let second = try #require(try await store.invitations(for: s.carol).first)
        #expect(second.inviter == s.bob.user)
        try await store.leave(roomID: group.id, session: s.bob)
        await #expect(throws: StoreError.invitationLapsed(second.id)) { try await store.acceptInvitation(second.id, by: s.carol) }
        try await store.declineInvitation(second.id, by: s.carol)
    }

    @Test("a person has at most Invitation.waitingPerInvitee invitations waiting, an inviter at most Invitation.waitingPerInviter; an answer makes room", arguments: StoreFactory.all)
    func waitingListsAreBounded(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        // Strangers to carol, each in a 1:1 room with bob, each asking her into a group once.
        var strangers: [Session] = []
        for index in 0..<Invitation.waitingPerInvitee {
            let stranger = try await store.signUp(name: "stranger\(index)", password: "password-stranger")
            let direct = try await store.directRoom(between: stranger, and: s.bob.user)
            #expect(try await store.invite(s.carol.user, to: direct.id, by: stranger) != .admitted(direct))
            strangers.append(stranger)
        }
        let late = try await store.signUp(name: "late", password: "password-late")
        let lateRoom = try await store.directRoom(between: late, and: s.bob.user)
        await #expect(throws: StoreError.tooManyInvitations("carol")) { try await store.invite(s.carol.user, to: lateRoom.id, by: late) }
        #expect(try await store.invitations(for: s.carol).count == Invitation.waitingPerInvitee)
        try await store.declineInvitation(try await store.invitations(for: s.carol)[0].id, by: s.carol)
        #expect(try await store.invite(s.carol.user, to: lateRoom.id, by: late).room.members == [late.user, s.bob.user])

        // One inviter asks as many strangers as the bound, then is refused.
        let asker = strangers[1]
        let room = try await store.directRoom(between: asker, and: s.alice.user)
        var asked = 0
        for index in 0..<(Invitation.waitingPerInviter + 1) {
            let invitee = try await store.signUp(name: "invitee\(index)", password: "password-invitee")
            do {
                _ = try await store.invite(invitee.user, to: room.id, by: asker)
                asked += 1
            } catch let error as StoreError {
                #expect(error == .tooManyInvitationsSent)
                break
            }
        }
        #expect(asked == Invitation.waitingPerInviter - 1, "the one to carol waits too")
    }

    @Test("an invitation from someone the invitee ignores is never shown, nor counted", arguments: StoreFactory.all)
    func ignoredInviter(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        try await store.setQuiet(.person("alice"), true, by: s.carol)
        let direct = try await store.directRoom(between: s.alice, and: s.bob.user)
        let outcome = try await store.invite(s.carol.user, to: direct.id, by: s.alice)
        #expect(outcome == .asked(outcome.room), "alice is not told she is ignored")
        #expect(try await store.invitations(for: s.carol).isEmpty)
    }

    @Test("/accept keeps a study room's rules as they are then: its capacity", arguments: StoreFactory.all)
    func acceptKeepsCapacity(_ factory: StoreFactory) async throws {
        let (store, s) = try await factory.makeWithCast()
        let post = try await store.createProject(ProjectDraft(title: "Swift", works: ["ios"], capacity: 2, body: "Sundays"), by: s.alice)
        let room = try await store.join(projectID: post.id, by: s.bob)
        let dave = try await store.signUp(name: "dave", password: "password-dave")
        try await store.leave(roomID: room.id, session: s.bob)
        _ = try await store.invite(s.carol.user, to: room.id, by: s.alice)
        _ = try await store.invite(dave.user, to: room.id, by: s.alice)
        let carols = try #require(try await store.invitations(for: s.carol).first)
        let daves = try #require(try await store.invitations(for: dave).first)
        #expect(try await store.acceptInvitation(carols.id, by: s.carol).members.count == 2)
        await #expect(throws: StoreError.postFull(projectID: post.id, capacity: 2)) { try await store.acceptInvitation(daves.id, by: dave) }
    }
}
