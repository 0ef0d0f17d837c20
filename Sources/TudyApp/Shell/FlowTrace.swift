import TudyCore
import TudyTerminal

/// The session's coordinator flow as a Mermaid `sequenceDiagram`, a line at a time: the
/// coordinators as participants, created and destroyed as they come and go, the delegate
/// calls between them, the events their screens send, and the pushes, pops, presents and
/// dismisses of their navigators. It is the diagram the seeds draw by hand, drawn by a run.
///
/// It is told names, ids and titles, never whole values, and never a line typed at a
/// password prompt: the tab bar tells it of commands only.
@MainActor
package final class FlowTrace {
    private let write: (String) -> Void
    /// Each coordinator's participant id.
    private var ids: [ObjectIdentifier: String] = [:]
    /// How many of each kind were made, so that a second login is a participant of its own.
    private var made: [String: Int] = [:]

    /// - Parameter write: takes each line of the diagram, newline included, as it comes.
    package init(write: @escaping (String) -> Void) {
        self.write = write
        line("sequenceDiagram")
        line("    actor User")
    }

    private func line(_ text: String) {
        write(text + "\n")
    }

    // MARK: - Participants

    /// The root, there from the start.
    func root(_ coordinator: any Coordinator) {
        let id = newID(for: coordinator)
        line("    participant \(id) as \(Self.typeName(coordinator))")
    }

    /// A coordinator made and started by its parent.
    func started(_ child: any Coordinator, by parent: any Coordinator) {
        let id = newID(for: child)
        line("    create participant \(id) as \(Self.typeName(child))")
        line("    \(self.id(parent))->>\(id): start()")
    }

    /// A coordinator that finished: it tells its parent, and is gone.
    func finished(_ child: any Coordinator, parent: AnyObject?) {
        let id = self.id(child)
        line("    destroy \(id)")
        // Its id stays: what follows (the dismiss of its screens) still names it.
        line("    \(id)-->>\(parent.map(self.id) ?? "App"): coordinatorDidFinish(childCoordinator: \(id))")
    }

    // MARK: - Messages

    /// A command the user typed (never a password, which is no command).
    func command(_ text: String, to tabBar: any Coordinator) {
        line("    User->>\(id(tabBar)): \(Self.inert(text))")
    }

    /// A delegate call from one coordinator to another, drawn from its value as the Swift
    /// call reads: `showPersonalChat(with: alice)`, `resumeAfterLogin()`.
    func call(_ call: DelegateCall, from caller: any Coordinator, to callee: AnyObject?) {
        guard let callee else { return }
        let text = Mirror(reflecting: call).children.isEmpty ? "\(call)()" : Self.describe(call)
        line("    \(id(caller))->>\(id(callee)): \(Self.inert(text))")
    }

    /// An event a screen sent its coordinator through `didSendEventClosure`.
    func event(_ event: String, from screen: String, to coordinator: any Coordinator) {
        line("    Note over \(id(coordinator)): \(Self.inert(screen)) sends \(Self.inert(event))")
    }

    /// A navigator's change of its stack (or the tab bar's, of its tab), drawn on its owner.
    func navigation(_ change: String, by owner: AnyObject) {
        line("    \(id(owner))->>\(id(owner)): \(Self.inert(change))")
    }

    /// A navigator showing another modally: drawn from its owner to the modal's.
    func present(_ modal: AnyObject, by owner: AnyObject) {
        line("    \(id(owner))->>\(id(modal)): present")
    }

    /// An event as the trace names it: its case, and of what it carries a post or room by id
    /// and title, a user by name, a text as typed; never a whole value, never a session.
    static func describe(_ event: Any) -> String {
        guard let (name, payload) = Mirror(reflecting: event).children.first.map({ ($0.label ?? "", $0.value) }) else {
            return "\(event)"
        }
        let parts = Mirror(reflecting: payload).displayStyle == .tuple
            ? Mirror(reflecting: payload).children.map { ($0.label.map { $0 + ": " } ?? "") + describeValue($0.value) }
            : [describeValue(payload)]
        return "\(name)(\(parts.joined(separator: ", ")))"
    }

    private static func describeValue(_ value: Any) -> String {
        switch value {
        case let project as Project: "#\(project.id) \(project.title)"
        case let room as Room: "#\(room.id)"
        case let user as User: user.name
        case let session as Session: session.user.name
        case let text as String: "\"\(text)\""
        default: "…"
        }
    }

    // MARK: - Names

    /// The participant id of a live coordinator: the one it was given, or its kind's name.
    func id(_ object: AnyObject) -> String {
        ids[ObjectIdentifier(object)] ?? (object as? any Coordinator).map(Self.baseName) ?? "App"
    }

    private func newID(for coordinator: any Coordinator) -> String {
        let base = Self.baseName(coordinator)
        made[base, default: 0] += 1
        let id = made[base] == 1 ? base : "\(base)\(made[base]!)"
        ids[ObjectIdentifier(coordinator)] = id
        return id
    }

    private static func baseName(_ coordinator: any Coordinator) -> String {
        switch coordinator.type {
        case .app: "App"
        case .tab: "TabBar"
        case .home: "Home"
        case .chat: "Chat"
        case .login: "Login"
        case .projectWrite: "Write"
        }
    }

    private static func typeName(_ coordinator: any Coordinator) -> String {
        String(describing: type(of: coordinator))
    }

    /// Text Mermaid shows as it is: one line, no `;` (which ends a statement, and after `#`
    /// makes an entity), no `<` or `>` (read as HTML).
    static func inert(_ text: String) -> String {
        var shown = ""
        for character in Sanitizer.inert(text) {
            switch character {
            case ";": shown.append(",")
            case "<": shown.append("‹")
            case ">": shown.append("›")
            default: shown.append(character)
            }
        }
        return shown
    }
}
