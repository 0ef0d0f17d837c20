import Foundation
import Testing

@testable import TudyApp
@testable import TudyCore

/// The trace draws a delegate call from its value, as the Swift call reads.
@MainActor
@Suite("Delegate calls in the trace")
struct DelegateCallTraceTests {
    @Test("each call is drawn with its name, its labels and its values, and () when it takes none")
    func callsAsSwiftReadsThem() async throws {
        let drawn = Drawn()
        let app = TestApp(trace: FlowTrace { drawn.text += $0 })
        try await app.app.start()
        let project = Project(
            id: 3, title: "Go study", works: ["backend"], capacity: 3, body: "Sundays.", writer: User(name: "bob"), isOpen: true,
            createdAt: TestApp.start)
        let room = Room(id: 4, kind: .group, members: [User(name: "bob")])
        let calls: [(DelegateCall, String)] = [
            (.selectChatTab, "selectChatTab()"),
            (.showPersonalChat(with: User(name: "bob")), "showPersonalChat(with: bob)"),
            (.showNextUnread, "showNextUnread()"),
            (.prepareLoginCoordinator, "prepareLoginCoordinator()"),
            (.showStudyRoom(room), "showStudyRoom(#4)"),
            (.open(room), "open(#4)"),
            (.resumeAfterLogin, "resumeAfterLogin()"),
            (.registerProject(project), "registerProject(#3 Go study)"),
            (.updateProject(project), "updateProject(#3 Go study)"),
        ]
        for (call, words) in calls {
            drawn.text = ""
            app.context.trace?.call(call, from: app.tabBar.chatCoordinator, to: app.tabBar)
            #expect(drawn.text == "    Chat->>TabBar: \(words)\n")
        }
    }

    private final class Drawn {
        var text = ""
    }
}
