import TudyCore

/// A command tudy could not take as typed, with the line a user sees.
enum CommandError: Error, Equatable, Sendable, UserFacingError {
    case unknown(name: String, suggestion: String?)
    case notHere(name: String, places: [String], here: String)
    case missingArgument(usage: String)
    case unexpectedArgument(usage: String)
    case badArgument(String, usage: String)
    case textNotHere(here: String)
    case busy(command: String, reason: String)
    case alreadyLoggedIn(String)
    case notLoggedIn
    case passwordsDiffer
    case notWriter(projectID: Int, writer: String)
    case ownPost
    case nothingToGoBack(here: String)
    case waitTimedOut(seconds: Int, place: String)
    case gone(String, here: String)
    case pasteNotHere(lines: Int, here: String)
    /// A message whose send had no answer: it may or may not be stored.
    case sendUnconfirmed
    /// `/open NAME` where no room of the user's is called so.
    case noRoomNamed(String)
    /// `/open NAME` where several rooms' names begin so.
    case roomNameAmbiguous(String, titles: [String])
    /// A name from another chat client (`/part`) that tudy does not run: what tudy has for it.
    case otherClient(hint: String)
    /// `/open N` on Home where no post N is, but a room N of the user's is.
    case roomNotPost(Int)
    /// `/checkin` or `/checkout` with no meeting of the room open to it.
    case noMeetingNear

    /// A stable name for the error, for programs (`--json`).
    var code: String {
        switch self {
        case .unknown: "unknown"
        case .notHere: "not_here"
        case .missingArgument: "missing_argument"
        case .unexpectedArgument: "unexpected_argument"
        case .badArgument: "bad_argument"
        case .textNotHere: "text_not_here"
        case .busy: "busy"
        case .alreadyLoggedIn: "already_logged_in"
        case .notLoggedIn: "not_logged_in"
        case .passwordsDiffer: "passwords_differ"
        case .notWriter: "not_writer"
        case .ownPost: "own_post"
        case .nothingToGoBack: "nothing_to_go_back"
        case .waitTimedOut: "wait_timed_out"
        case .gone: "gone"
        case .pasteNotHere: "paste_not_here"
        case .sendUnconfirmed: "send_unconfirmed"
        case .noRoomNamed: "no_room_named"
        case .roomNameAmbiguous: "room_name_ambiguous"
        case .otherClient: "unknown"
        case .roomNotPost: "no_such_project"
        case .noMeetingNear: "no_meeting_near"
        }
    }

    var message: String {
        switch self {
        case .unknown(let name, let suggestion?):
            "unknown command /\(name): did you mean \(suggestion)? (/help lists the commands here)"
        case .unknown(let name, nil):
            "unknown command /\(name): /help lists the commands here"
        case .otherClient(let hint):
            hint
        case .noMeetingNear:
            "no session of this room is near: check in from 15 minutes before a session to its end; /sessions lists them"
        case .roomNotPost(let id):
            "there is no post #\(id); your room #\(id) is in Chat: /chat, then /open \(id)"
        case .notHere(let name, let places, let here):
            "/\(name) works in \(Self.list(places)), not at \(here)"
        case .missingArgument(let usage):
            "missing argument: usage \(usage)"
        case .unexpectedArgument(let usage):
            "this command takes no argument: usage \(usage)"
        case .badArgument(let problem, let usage):
            "\(problem): usage \(usage)"
        case .textNotHere(let here):
            "plain text is sent only in a chat room, not at \(here): commands start with / (/help)"
        case .busy(let command, let reason):
            "\(command) is not available \(reason): finish it, or /back"
        case .alreadyLoggedIn(let name):
            "you are logged in as \(name): /logout first"
        case .notLoggedIn:
            "you are not logged in: /login <name> or /signup <name>"
        case .passwordsDiffer:
            "the passwords do not match: nothing was made, try /signup again"
        case .notWriter(let id, let writer):
            "only \(writer), who wrote post #\(id), can change it"
        case .ownPost:
            "this is your own post: /dm sends a chat to someone else's"
        case .gone(let what, let here):
            "\(what): back at \(here)"
        case .waitTimedOut(let seconds, let place):
            "no message from anyone else came to \(place) within \(seconds) s: /wait again, or /wait <seconds> for longer"
        case .pasteNotHere(let lines, let here):
            "a paste of \(lines) lines is sent as one message in a chat room only: none of it was run at \(here)"
        case .sendUnconfirmed:
            "your message is not confirmed: the store is away and did not answer in time; send the same text again and it is kept once, whether or not this try arrived"
        case .nothingToGoBack(let here):
            "nothing to go back to at \(here): /home or /chat switch tabs"
        case .noRoomNamed(let name):
            "no room of yours is called '\(name)': /rooms lists yours, by number and name"
        case .roomNameAmbiguous(let name, let titles):
            "'\(name)' begins the names of \(Self.list(titles)): type more of one, or its number"
        }
    }

    /// `a, b and c`
    private static func list(_ items: [String]) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}

extension CommandError: StoreOutage {
    /// An unconfirmed send is the store being away: the text goes back into the line.
    var isOutage: Bool { self == .sendUnconfirmed }
    var leavesOutcomeUnknown: Bool { self == .sendUnconfirmed }
}
