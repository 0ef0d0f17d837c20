import Foundation
import Testing

@testable import TudyCore

/// A store double that fails the test on any call it was not told to expect, and answers
/// those it was told with what the test gave. A decision test over it states what the
/// decision reads, and with no answers given, that it touches no store at all.
final class StrictStore: ChatStore, @unchecked Sendable {
    /// The error every call not expected throws, after recording an issue.
    struct UnexpectedCall: Error, CustomStringConvertible {
        let name: String
        var description: String { "a store call no test expected: \(name)" }
    }

    private let answers = Locked<[String: any Sendable]>([:])
    private let made = Locked<[String]>([])

    /// The calls made, by name, in order, the unexpected ones too.
    var calls: [String] { made.value }

    /// From now on the call `name` answers `answer`, as often as it is made.
    func expect<Answer: Sendable>(_ name: String, answer: Answer) {
        answers.value[name] = answer
    }

    private func call<Answer>(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Answer {
        made.value.append(name)
        if let answer = answers.value[name] as? Answer { return answer }
        Issue.record("a store call no test expected: \(name)", sourceLocation: sourceLocation)
        throw UnexpectedCall(name: name)
    }

    func signUp(name: String, password: String) async throws -> Session { try call("signUp") }
    func logIn(name: String, password: String) async throws -> Session { try call("logIn") }
    func resume(_ token: SessionToken) async throws -> Session { try call("resume") }
    func logOut(_ session: Session) async throws { try call("logOut") as Void }
    func profile(named name: String) async throws -> UserProfile { try call("profile") }
    func userNames() async throws -> [String] { try call("userNames") }
    func projects(_ query: ProjectQuery, page: PostPage) async throws -> [Project] { try call("projects") }
    func project(id: Int) async throws -> Project { try call("project") }
    func createProject(_ draft: ProjectDraft, by writer: Session) async throws -> Project { try call("createProject") }
    func updateProject(id: Int, with draft: ProjectDraft, by session: Session) async throws -> Project { try call("updateProject") }
    func setProject(id: Int, isOpen: Bool, by session: Session) async throws -> Project { try call("setProject") }
    func deleteProject(id: Int, by session: Session) async throws { try call("deleteProject") as Void }
    func rooms(of session: Session) async throws -> [RoomSummary] { try call("rooms") }
    func room(id: Int, for session: Session) async throws -> Room { try call("room") }
    func directRoom(between session: Session, and other: User) async throws -> Room { try call("directRoom") }
    func invite(_ invitee: User, to roomID: Int, by session: Session) async throws -> InviteOutcome { try call("invite") }
    func invitations(for session: Session) async throws -> [Invitation] { try call("invitations") }
    func acceptInvitation(_ id: Int, by session: Session) async throws -> Room { try call("acceptInvitation") }
    func declineInvitation(_ id: Int, by session: Session) async throws { try call("declineInvitation") as Void }
    func leave(roomID: Int, session: Session) async throws { try call("leave") as Void }
    func join(projectID: Int, by session: Session) async throws -> Room { try call("join") }
    func kick(_ user: User, from roomID: Int, by session: Session) async throws -> Room { try call("kick") }
    func rename(roomID: Int, to name: String, by session: Session) async throws -> Room { try call("rename") }
    func setTopic(roomID: Int, to topic: String, by session: Session) async throws -> Room { try call("setTopic") }
    func pinNotice(_ text: String, in roomID: Int, by session: Session) async throws -> Room { try call("pinNotice") }
    func readNotice(in roomID: Int, by session: Session) async throws -> Room { try call("readNotice") }
    func setTimer(_ plan: StudyTimer.Plan?, in roomID: Int, by session: Session) async throws -> Room { try call("setTimer") }
    func addSession(startsAt: Date, minutes: Int, weekly: Bool, in roomID: Int, by session: Session) async throws -> Room {
        try call("addSession")
    }
    func cancelSession(_ id: Int, in roomID: Int, by session: Session) async throws -> Room { try call("cancelSession") }
    func checkIn(to sessionID: Int, meeting: Date, in roomID: Int, by session: Session) async throws -> AttendanceRecord { try call("checkIn") }
    func checkOut(of sessionID: Int, meeting: Date, in roomID: Int, by session: Session) async throws -> AttendanceRecord { try call("checkOut") }
    func attendance(in roomID: Int, since: Date, for session: Session) async throws -> [AttendanceRecord] { try call("attendance") }
    func answerSession(_ id: Int, meeting: Date, _ reply: StudySession.Reply, in roomID: Int, by session: Session) async throws -> Room {
        try call("answerSession")
    }
    func messages(in roomID: Int, for session: Session, before: Int?, limit: Int) async throws -> MessagePage {
        try call("messagesBefore")
    }
    func messages(in roomID: Int, for session: Session, after: Int, limit: Int) async throws -> [Message] {
        try call("messagesAfter")
    }
    func firstUnread(in roomID: Int, for session: Session) async throws -> Int? { try call("firstUnread") }
    nonisolated(nonsending) func send(_ outgoing: OutgoingMessage, to roomID: Int, from session: Session) async throws -> Message {
        try call("send")
    }
    func findMessages(_ words: [String], for session: Session, before: Int?, limit: Int) async throws -> [Message] {
        try call("findMessages")
    }
    func edit(_ pick: MessagePick, in roomID: Int, to text: String, by session: Session) async throws -> Message { try call("edit") }
    func unsend(_ pick: MessagePick, in roomID: Int, by session: Session) async throws -> Message { try call("unsend") }
    func react(to messageID: Int, in roomID: Int, with emoji: String, by session: Session) async throws -> Message {
        try call("react")
    }
    func setQuiet(_ quiet: Quiet, _ isQuiet: Bool, by session: Session) async throws { try call("setQuiet") as Void }
    func quiet(of session: Session) async throws -> Set<Quiet> { try call("quiet") }
    func markRead(roomID: Int, upTo messageID: Int, for session: Session) async throws { try call("markRead") as Void }
    func readMarks(in roomID: Int, for session: Session) async throws -> [User: Int] { try call("readMarks") }
    func changes(for session: Session) async throws -> AsyncStream<StoreChange> { try call("changes") }
    func connectionReports() -> AsyncStream<ConnectionReport>? { nil }
}
