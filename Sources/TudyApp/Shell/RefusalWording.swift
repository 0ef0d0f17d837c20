import TudyCore
import TudyTerminal

/// What a refusal says to a person at tudy's prompt: the store says what is wrong, and where a
/// command would help, the app names it (`/rooms lists yours`). The store's own words name no
/// command, since a store serves other programs too; every error line of the app is made here.
package enum RefusalWording {
    /// The error as a line of output, with its stable code.
    package static func output(for error: any Error) -> Output {
        .error(code: ErrorReport.code(for: error), message: message(for: error))
    }

    /// The line shown for `error`, without the `error: ` prefix.
    package static func message(for error: any Error) -> String {
        if let error = error as? StoreError, let line = line(for: error) { return line }
        return ErrorReport.message(for: error)
    }

    /// The line for a store's refusal where a command would help; nil where the store's own
    /// words say all there is.
    static func line(for error: StoreError) -> String? {
        switch error {
        case .nameTaken(let name):
            "the name '\(name)' is taken: choose another, or /login \(name) if it is yours"
        case .noSuchProject(let id):
            "there is no post #\(id): /list shows the posts"
        case .noSuchRoom(let id):
            "you have no room #\(id): /rooms lists yours"
        case .cannotChatWithSelf:
            "that is you: /dm someone else"
        case .sessionEnded:
            "your login has ended or expired: /login again"
        case .postClosed(let id):
            "post #\(id) is closed: it takes nobody new; /list shows the open posts"
        case .removedFromStudy(let id):
            "the writer of post #\(id) took you out of its study room: only the writer's /invite brings you back"
        case .notStudyRoom(let id):
            "room #\(id) is no post's study room: /kick works only there, for the post's writer"
        case .notInRoom(let name):
            "\(name) is not in this room: /members shows who is"
        case .cannotKickSelf:
            "that is you: /leave takes you out"
        case .cannotIgnoreSelf:
            "that is you: /ignore someone else"
        case .tooManyIgnored:
            "you ignore \(Quiet.ignoreLimit) people, the most one may: /unignore someone first"
        case .notAnEmoji(let text):
            "'\(text)' is not one emoji: /react #n 👍 sets one"
        case .tooManyPosts:
            "you wrote \(Project.postsPerWindow) posts in the last hour, the most one may: wait a while, or /edit one of them"
        case .noSuchInvitation(let id):
            "you have no invitation #\(id): /invites lists yours"
        case .invitationLapsed(let id):
            "invitation #\(id) no longer stands: whoever sent it has left the room; /decline \(id) drops it"
        case .cannotRenameDirect(let id):
            "room #\(id) is a 1:1 room, named after the other person: /rename works in group rooms"
        case .noticeInDirectRoom(let id):
            "room #\(id) is a 1:1 room: /notice pins a notice in a group or study room"
        default:
            nil
        }
    }
}

extension Console {
    /// Reports an error in the app's words (`RefusalWording`), with its stable code.
    package func refuse(_ error: any Error) {
        show(RefusalWording.output(for: error))
    }
}
