import Foundation

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// A store double over a real store: it records every call by name and, once `fail(with:)`
/// is called, throws that error instead of passing calls on, as a store whose disk is full,
/// whose file is busy or whose server is gone would.
final class FaultyStore: BatchSending, @unchecked Sendable {
    private let base: any ChatStore
    private let failure = Locked<(error: any Error, calls: Set<String>?)?>(nil)
    private let record = Locked<[String]>([])
    private let lostReplies = Locked<(error: any Error, calls: Set<String>)?>(nil)
    private let changeStreams = Locked<[AsyncStream<StoreChange>.Continuation]>([])
    private let held = Locked<(calls: Set<String>, gate: CallGate)?>(nil)

    init(_ base: any ChatStore) {
        self.base = base
    }

    /// From now on the calls named (every call, when nil) throw `error`; a nil error lets every call through again.
    func fail(with error: (any Error)?, calls: Set<String>? = nil) {
        failure.value = error.map { ($0, calls) }
    }

    /// From now on the calls named are done, but throw `error` as if their answer was lost on
    /// the way back; nil answers again.
    func loseReplies(with error: (any Error)?, calls: Set<String>) {
        lostReplies.value = error.map { ($0, calls) }
    }

    /// From now on the calls named wait at `gate`, before they are passed on, until it opens.
    func hold(_ calls: Set<String>, at gate: CallGate) {
        held.value = (calls, gate)
    }

    /// The calls made, by name, in order.
    var calls: [String] { record.value }

    private func pass<T>(_ name: String, _ call: () async throws -> T) async throws -> T {
        record.mutate { $0.append(name) }
        if let failure = failure.value, failure.calls?.contains(name) ?? true { throw failure.error }
        if let held = held.value, held.calls.contains(name) { await held.gate.pass() }
        let result = try await call()
        if let lost = lostReplies.value, lost.calls.contains(name) { throw lost.error }
        return result
    }

    func signUp(name: String, password: String) async throws -> Session {
        try await pass("signUp") { try await base.signUp(name: name, password: password) }
    }

    func logIn(name: String, password: String) async throws -> Session {
        try await pass("logIn") { try await base.logIn(name: name, password: password) }
    }

    func resume(_ token: SessionToken) async throws -> Session {
        try await pass("resume") { try await base.resume(token) }
    }

    func logOut(_ session: Session) async throws {
        try await pass("logOut") { try await base.logOut(session) }
    }

    func profile(named name: String) async throws -> UserProfile {
        try await pass("profile") { try await base.profile(named: name) }
    }

    func userNames() async throws -> [String] {
        try await pass("userNames") { try await base.userNames() }
    }

    func projects(_ query: ProjectQuery, page: PostPage) async throws -> [Project] {
        try await pass("projects") { try await base.projects(query, page: page) }
    }

    func project(id: Int) async throws -> Project {
        try await pass("project") { try await base.project(id: id) }
    }

    func createProject(_ draft: ProjectDraft, by writer: Session) async throws -> Project {
        try await pass("createProject") { try await base.createProject(draft, by: writer) }
    }

    func updateProject(id: Int, with draft: ProjectDraft, by session: Session) async throws -> Project {
        try await pass("updateProject") { try await base.updateProject(id: id, with: draft, by: session) }
    }

    func setProject(id: Int, isOpen: Bool, by session: Session) async throws -> Project {
        try await pass("setProject") { try await base.setProject(id: id, isOpen: isOpen, by: session) }
    }

    func deleteProject(id: Int, by session: Session) async throws {
        try await pass("deleteProject") { try await base.deleteProject(id: id, by: session) }
    }

    func rooms(of session: Session) async throws -> [RoomSummary] {
        try await pass("rooms") { try await base.rooms(of: session) }
    }

    func room(id: Int, for session: Session) async throws -> Room {
        try await pass("room") { try await base.room(id: id, for: session) }
    }

    func directRoom(between session: Session, and other: User) async throws -> Room {
        try await pass("directRoom") { try await base.directRoom(between: session, and: other) }
    }

    func invite(_ invitee: User, to roomID: Int, by session: Session) async throws -> InviteOutcome {
        try await pass("invite") { try await base.invite(invitee, to: roomID, by: session) }
    }

    func invitations(for session: Session) async throws -> [Invitation] {
        try await pass("invitations") { try await base.invitations(for: session) }
    }

    func acceptInvitation(_ id: Int, by session: Session) async throws -> Room {
        try await pass("acceptInvitation") { try await base.acceptInvitation(id, by: session) }
    }

    func declineInvitation(_ id: Int, by session: Session) async throws {
        try await pass("declineInvitation") { try await base.declineInvitation(id, by: session) }
    }

    func join(projectID: Int, by session: Session) async throws -> Room {
        try await pass("join") { try await base.join(projectID: projectID, by: session) }
    }

    func react(to messageID: Int, in roomID: Int, with emoji: String, by session: Session) async throws -> Message {
        try await pass("react") { try await base.react(to: messageID, in: roomID, with: emoji, by: session) }
    }

    func setQuiet(_ quiet: Quiet, _ isQuiet: Bool, by session: Session) async throws {
        try await pass("setQuiet") { try await base.setQuiet(quiet, isQuiet, by: session) }
    }

    func quiet(of session: Session) async throws -> Set<Quiet> {
        try await pass("quiet") { try await base.quiet(of: session) }
    }

    func rename(roomID: Int, to name: String, by session: Session) async throws -> Room {
        try await pass("rename") { try await base.rename(roomID: roomID, to: name, by: session) }
    }

    func setTopic(roomID: Int, to topic: String, by session: Session) async throws -> Room {
        try await pass("setTopic") { try await base.setTopic(roomID: roomID, to: topic, by: session) }
    }

    func pinNotice(_ text: String, in roomID: Int, by session: Session) async throws -> Room {
        try await pass("pinNotice") { try await base.pinNotice(text, in: roomID, by: session) }
    }

    func readNotice(in roomID: Int, by session: Session) async throws -> Room {
        try await pass("readNotice") { try await base.readNotice(in: roomID, by: session) }
    }

    func setTimer(_ plan: StudyTimer.Plan?, in roomID: Int, by session: Session) async throws -> Room {
        try await pass("setTimer") { try await base.setTimer(plan, in: roomID, by: session) }
    }

    func addSession(startsAt: Date, minutes: Int, weekly: Bool, in roomID: Int, by session: Session) async throws -> Room {
        try await pass("addSession") { try await base.addSession(startsAt: startsAt, minutes: minutes, weekly: weekly, in: roomID, by: session) }
    }

    func cancelSession(_ id: Int, in roomID: Int, by session: Session) async throws -> Room {
        try await pass("cancelSession") { try await base.cancelSession(id, in: roomID, by: session) }
    }

    func answerSession(_ id: Int, meeting: Date, _ reply: StudySession.Reply, in roomID: Int, by session: Session) async throws -> Room {
        try await pass("answerSession") { try await base.answerSession(id, meeting: meeting, reply, in: roomID, by: session) }
    }

    func checkIn(to sessionID: Int, meeting: Date, in roomID: Int, by session: Session) async throws -> AttendanceRecord {
        try await pass("checkIn") { try await base.checkIn(to: sessionID, meeting: meeting, in: roomID, by: session) }
    }

    func checkOut(of sessionID: Int, meeting: Date, in roomID: Int, by session: Session) async throws -> AttendanceRecord {
        try await pass("checkOut") { try await base.checkOut(of: sessionID, meeting: meeting, in: roomID, by: session) }
    }

    func attendance(in roomID: Int, since: Date, for session: Session) async throws -> [AttendanceRecord] {
        try await pass("attendance") { try await base.attendance(in: roomID, since: since, for: session) }
    }

    func kick(_ user: User, from roomID: Int, by session: Session) async throws -> Room {
        try await pass("kick") { try await base.kick(user, from: roomID, by: session) }
    }

    func leave(roomID: Int, session: Session) async throws {
        try await pass("leave") { try await base.leave(roomID: roomID, session: session) }
    }

    func messages(in roomID: Int, for session: Session, before: Int?, limit: Int) async throws -> MessagePage {
        try await pass("messagesBefore") { try await base.messages(in: roomID, for: session, before: before, limit: limit) }
    }

    func messages(in roomID: Int, for session: Session, after: Int, limit: Int) async throws -> [Message] {
        try await pass("messagesAfter") { try await base.messages(in: roomID, for: session, after: after, limit: limit) }
    }

    func firstUnread(in roomID: Int, for session: Session) async throws -> Int? {
        try await pass("firstUnread") { try await base.firstUnread(in: roomID, for: session) }
    }

    func send(_ message: OutgoingMessage, to roomID: Int, from session: Session) async throws -> Message {
        try await pass("send") { try await base.send(message, to: roomID, from: session) }
    }

    /// In one commit when the store under it sends so; otherwise one by one.
    func send(_ messages: [OutgoingMessage], to roomID: Int, from session: Session) async throws -> [Message] {
        try await pass("sendTogether") {
            if let batching = base as? any BatchSending { return try await batching.send(messages, to: roomID, from: session) }
            var sent: [Message] = []
            for message in messages { sent.append(try await base.send(message, to: roomID, from: session)) }
            return sent
        }
    }

    func findMessages(_ words: [String], for session: Session, before: Int?, limit: Int) async throws -> [Message] {
        try await pass("findMessages") { try await base.findMessages(words, for: session, before: before, limit: limit) }
    }

    func edit(_ pick: MessagePick, in roomID: Int, to text: String, by session: Session) async throws -> Message {
        try await pass("edit") { try await base.edit(pick, in: roomID, to: text, by: session) }
    }

    func unsend(_ pick: MessagePick, in roomID: Int, by session: Session) async throws -> Message {
        try await pass("unsend") { try await base.unsend(pick, in: roomID, by: session) }
    }

    func markRead(roomID: Int, upTo messageID: Int, for session: Session) async throws {
        try await pass("markRead") { try await base.markRead(roomID: roomID, upTo: messageID, for: session) }
    }

    func readMarks(in roomID: Int, for session: Session) async throws -> [User: Int] {
        try await pass("readMarks") { try await base.readMarks(in: roomID, for: session) }
    }

    func changes(for session: Session) async throws -> AsyncStream<StoreChange> {
        try await pass("changes") {
            let changes = try await base.changes(for: session)
            let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self)
            let forwarding = Task {
                for await change in changes { continuation.yield(change) }
                continuation.finish()
            }
            continuation.onTermination = { _ in forwarding.cancel() }
            changeStreams.mutate { $0.append(continuation) }
            return stream
        }
    }

    /// Ends every change stream given so far, as a store whose watch failed does.
    func endChangeStreams() {
        let streams = changeStreams.value
        changeStreams.value = []
        streams.forEach { $0.finish() }
    }

    func connectionReports() -> AsyncStream<ConnectionReport>? {
        base.connectionReports()
    }
}
