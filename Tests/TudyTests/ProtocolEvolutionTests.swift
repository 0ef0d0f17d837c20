import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore
@testable import TudyRemote
@testable import TudyTerminal
@testable import TudyWire

/// Clients and servers of different ages: a server says in its `hello` what it answers, and
/// a request it does not know gets an error code, never a closed connection.
@Suite("Protocol evolution")
struct ProtocolEvolutionTests {
    @Test("hello lists every operation and feature; an operation the server does not know is answered unknown_operation, and the connection goes on")
    func unknownOperation() async throws {
        let server = try await TestServer.start(TestServer.memoryStore())
        defer { Task { await server.stop() } }
        let exchange = try await RawSocket.exchange(server.url, [
            #"{"id":1,"op":"hello","version":\#(WireCodec.version)}"#,
            #"{"id":7,"op":"teleport","room_id":1}"#,
            #"{"id":8,"op":"hello","version":\#(WireCodec.version)}"#,
        ])
        let frames = try exchange.replies.map { try WireCodec().decode(WireFrame.self, from: $0) }
        #expect(frames.count == 3 && exchange.closeCode != .unacceptableData, "replies: \(exchange.replies), closed: \(String(describing: exchange.closeCode))")
        #expect(frames.first?.operations == WireRequest.Operation.allCases.map(\.rawValue))
        #expect(frames.first?.features?.contains(WireCodec.Feature.messageKinds.rawValue) == true)
        #expect(frames.dropFirst().first?.id == 7 && frames.dropFirst().first?.error?.code == "unknown_operation")
        #expect(frames.last?.id == 8 && frames.last?.error == nil)
    }

    @Test("a server whose hello lacks a feature is not asked for it: the refusal says plainly that it is older, and the session goes on")
    func olderServer() async throws {
        let server = try await TestServer.start(TestServer.memoryStore())
        defer { Task { await server.stop() } }
        let store = try await server.client()
        defer { Task { await store.close() } }
        let alice = try await store.signUp(name: "alice", password: "password-alice")
        let bob = try await store.signUp(name: "bob", password: "password-bob")
        let direct = try await store.directRoom(between: alice, and: bob.user)
        let group = try await store.bringIn(try await store.signUp(name: "carol", password: "password-carol"), to: direct.id, by: alice)
        // As a server from before notices says it is.
        _ = store.features.withLock { $0?.remove(WireCodec.Feature.notices.rawValue) }
        let refusal = RemoteStoreError.refused(code: "unknown_feature", message: "the server does not know pinned notices: it is older than this tudy")
        await #expect(throws: refusal) { try await store.pinNotice("Bring chapter 3", in: group.id, by: alice) }
        await #expect(throws: refusal) { try await store.readNotice(in: group.id, by: bob) }
        #expect(ErrorReport.code(for: refusal) == "unknown_feature")
        #expect(try await store.room(id: group.id, for: alice).notice == nil, "nothing was asked of it")
        _ = try await store.send("still here", to: group.id, from: alice)
    }

    @Test("a frame that is no request at all still ends the connection: not_json")
    func garbage() async throws {
        let server = try await TestServer.start(TestServer.memoryStore())
        defer { Task { await server.stop() } }
        let exchange = try await RawSocket.exchange(server.url, [#"{"op":"teleport"}"#])
        let frames = try exchange.replies.map { try WireCodec().decode(WireFrame.self, from: $0) }
        #expect(frames.first?.error?.code == "not_json")
        #expect(exchange.closeCode == .unacceptableData)
    }
}

/// Every error a store gives reaches a client of a server as the same error.
@Suite("Store errors on the wire")
struct StoreErrorWireTests {
    /// One of each case; the switch fails to compile when a case is added and not listed.
    static let samples: [StoreError] = {
        let all: [StoreError] = [
            .invalidName("x"), .nameTaken("bob"), .weakPassword, .wrongCredentials, .tooManyAttempts(waitSeconds: 30),
            .unknownUser("bob"), .noSuchProject(3), .notWriter(projectID: 3, writer: "ann"), .invalidDraft("no title"),
            .noSuchRoom(4), .emptyMessage, .messageTooLong, .controlCharacter("U+001B"), .noSuchMessage(5), .notYourMessage(5),
            .messageDeleted(5), .nothingToChange, .alreadyMember("bob"), .roomFull(4), .tooManyRooms("bob"), .cannotChatWithSelf,
            .invalidFixture("bad"), .sessionEnded, .passwordChecksBusy, .postClosed(3), .postFull(projectID: 3, capacity: 4),
            .removedFromStudy(3), .inviteeRemoved(name: "bob", projectID: 3), .studyNotStarted(3), .notStudyRoom(4), .onlyWriterKicks(projectID: 3, writer: "ann"),
            .notInRoom("bob"), .cannotKickSelf, .invalidRoomName("too long"), .invalidTopic("too long"), .cannotRenameDirect(4),
            .invalidNotice("too long"), .noticeInDirectRoom(4), .onlyWriterPins(projectID: 3, writer: "ann"), .invalidTimer("too long"),
            .invalidSession("past"), .sessionInDirectRoom(4), .onlyWriterSchedules(projectID: 3, writer: "ann"), .tooManySessions(4),
            .noSuchSession(2), .sessionFull(sessionID: 2, capacity: 3), .checkInClosed(2), .notCheckedIn(2),
            .notAnEmoji("a"), .tooManyReactions(5), .cannotIgnoreSelf, .tooManyIgnored, .sendKeyReused(roomID: 4), .tooManyMarks, .searchTooLong, .tooManyPosts,
            .noSuchInvitation(2), .invitationLapsed(2), .nameMixesScripts(name: "аlice", scripts: "Cyrillic and Latin"),
            .nameLooksLike(name: "аlice", other: "alice"), .tooManyInvitations("bob"), .tooManyInvitationsSent,
            .tooManyFailedSignIns(waitSeconds: 8),
        ]
        for error in all {
            switch error {
            case .invalidName, .nameTaken, .weakPassword, .wrongCredentials, .tooManyAttempts, .unknownUser, .noSuchProject,
                .notWriter, .invalidDraft, .noSuchRoom, .emptyMessage, .messageTooLong, .controlCharacter, .noSuchMessage,
                .notYourMessage, .messageDeleted, .nothingToChange, .alreadyMember, .roomFull, .tooManyRooms, .cannotChatWithSelf,
                .invalidFixture, .sessionEnded, .passwordChecksBusy, .postClosed, .postFull, .removedFromStudy, .inviteeRemoved, .studyNotStarted,
                .notStudyRoom, .onlyWriterKicks, .notInRoom, .cannotKickSelf, .invalidRoomName, .invalidTopic, .cannotRenameDirect,
                .invalidNotice, .noticeInDirectRoom, .onlyWriterPins, .invalidTimer,
                .invalidSession, .sessionInDirectRoom, .onlyWriterSchedules, .tooManySessions, .noSuchSession, .sessionFull, .checkInClosed, .notCheckedIn,
                .notAnEmoji, .tooManyReactions, .cannotIgnoreSelf, .tooManyIgnored, .sendKeyReused, .tooManyMarks, .searchTooLong, .tooManyPosts,
                .noSuchInvitation, .invitationLapsed, .nameMixesScripts, .nameLooksLike, .tooManyInvitations, .tooManyInvitationsSent, .tooManyFailedSignIns:
                break
            }
        }
        return all
    }()

    @Test("each store error, sent as a wire error and read back, is itself, with its own code", arguments: samples)
    func roundTrip(_ error: StoreError) throws {
        let wire = WireError(error)
        let decoded = try JSONDecoder().decode(WireError.self, from: try JSONEncoder().encode(wire))
        #expect(decoded.storeError == error)
        #expect(!wire.code.isEmpty && wire.message == error.message)
    }

    @Test("no two store errors share a code")
    func codes() {
        let codes = Self.samples.map { WireError($0).code }
        #expect(Set(codes).count == codes.count)
    }
}
