import Foundation

@testable import TudyApp
@testable import TudyCore
@testable import TudyTerminal
@testable import TudyWire

/// One operation of the model-based test, by small numbers that are resolved against what
/// exists when it runs (the third room, the second post), so that a sequence with steps cut
/// out still means something: that is what lets a failure shrink.
enum StoreStep: Sendable, CustomStringConvertible {
    case signUp(person: Int, weakPassword: Bool)
    case logIn(person: Int, wrongPassword: Bool)
    case logOut(person: Int)
    /// A call with a session that was logged out.
    case useEndedSession(person: Int)
    case whoIs(person: Int)
    case post(person: Int, draft: Int)
    case editPost(person: Int, post: Int, draft: Int)
    case setPost(person: Int, post: Int, isOpen: Bool)
    case deletePost(person: Int, post: Int)
    case browse(query: Int)
    case directRoom(person: Int, other: Int)
    case invite(person: Int, room: Int, invitee: Int)
    case leave(person: Int, room: Int)
    case send(person: Int, room: Int, text: Int, key: Int?)
    case pageBefore(person: Int, room: Int, message: Int?, limit: Int)
    case pageAfter(person: Int, room: Int, message: Int, limit: Int)
    case markRead(person: Int, room: Int, message: Int)
    case firstUnread(person: Int, room: Int)
    case rooms(person: Int)
    case find(person: Int, query: Int)
    /// `message` nil: the person's last message in the room.
    case edit(person: Int, room: Int, message: Int?, text: Int)
    case unsend(person: Int, room: Int, message: Int?)

    /// Names that differ only in case and accents too, so that names are compared as the contract says.
    static let names = ["ann", "Ann", "ben", "cat", "Čeněk", "čeněk"]
    static let texts = [
        "hi", "", "   ", "안녕하세요 스터디", "tab\there", "É é", String(repeating: "x", count: Message.maximumLength + 1),
    ]
    static let drafts = [
        ProjectDraft(title: "Swift study", works: ["ios"], capacity: 4, body: "Saturdays"),
        ProjectDraft(title: "Étude de Go", works: ["backend", "go"], capacity: 2, body: "weekday nights"),
        ProjectDraft(title: " ", works: ["ios"], capacity: 4, body: "no title"),
        ProjectDraft(title: "Big group", works: ["web"], capacity: 100, body: "too many"),
    ]
    static let searches = ["hi", "안녕", "스터디", "É", "x", "hi 안녕"]
    static let queries: [ProjectQuery] = [.all, .words("swift"), .words("étude"), .work("ios"), .work("GO")]

    /// A step drawn from `random`, weighted so that sequences make rooms and talk in them.
    static func random(using random: inout some RandomNumberGenerator) -> StoreStep {
        func person() -> Int { Int.random(in: 0..<names.count, using: &random) }
        func pick() -> Int { Int.random(in: 0..<8, using: &random) }
        let roll = Int.random(in: 0..<100, using: &random)
        switch roll {
        case 0..<8: return .signUp(person: person(), weakPassword: Int.random(in: 0..<6, using: &random) == 0)
        case 8..<13: return .logIn(person: person(), wrongPassword: Bool.random(using: &random))
        case 13..<15: return .logOut(person: person())
        case 15..<17: return .useEndedSession(person: person())
        case 17..<19: return .whoIs(person: person())
        case 19..<24: return .post(person: person(), draft: Int.random(in: 0..<drafts.count, using: &random))
        case 24..<27: return .editPost(person: person(), post: pick(), draft: Int.random(in: 0..<drafts.count, using: &random))
        case 27..<30: return .setPost(person: person(), post: pick(), isOpen: Bool.random(using: &random))
        case 30..<32: return .deletePost(person: person(), post: pick())
        case 32..<36: return .browse(query: Int.random(in: 0..<queries.count, using: &random))
        case 36..<44: return .directRoom(person: person(), other: person())
        case 44..<49: return .invite(person: person(), room: pick(), invitee: person())
        case 49..<52: return .leave(person: person(), room: pick())
        case 52..<72:
            let key = Int.random(in: 0..<4, using: &random)
            return .send(
                person: person(), room: pick(), text: Int.random(in: 0..<texts.count, using: &random),
                key: key == 0 ? nil : key)
        case 72..<78:
            let message = Int.random(in: 0..<20, using: &random)
            return .pageBefore(person: person(), room: pick(), message: message < 4 ? nil : message, limit: Int.random(in: 1...5, using: &random))
        case 78..<83: return .pageAfter(person: person(), room: pick(), message: Int.random(in: 0..<20, using: &random), limit: Int.random(in: 1...5, using: &random))
        case 83..<89: return .markRead(person: person(), room: pick(), message: Int.random(in: 0..<20, using: &random))
        case 89..<92: return .firstUnread(person: person(), room: pick())
        case 92..<94: return .find(person: person(), query: Int.random(in: 0..<searches.count, using: &random))
        case 94..<97:
            let message = Int.random(in: 0..<40, using: &random)
            return .edit(
                person: person(), room: pick(), message: message < 20 ? nil : message - 20,
                text: Int.random(in: 0..<texts.count, using: &random))
        case 97..<99:
            let message = Int.random(in: 0..<40, using: &random)
            return .unsend(person: person(), room: pick(), message: message < 20 ? nil : message - 20)
        default: return .rooms(person: person())
        }
    }

    var description: String {
        func name(_ index: Int) -> String { Self.names[index] }
        switch self {
        case .signUp(let p, let weak): return "\(name(p)) signs up\(weak ? " with a weak password" : "")"
        case .logIn(let p, let wrong): return "\(name(p)) logs in\(wrong ? " with a wrong password" : "")"
        case .logOut(let p): return "\(name(p)) logs out"
        case .useEndedSession(let p): return "\(name(p)) lists rooms with an ended session"
        case .whoIs(let p): return "who is \(name(p))"
        case .post(let p, let d): return "\(name(p)) posts draft \(d)"
        case .editPost(let p, let post, let d): return "\(name(p)) edits post pick \(post) to draft \(d)"
        case .setPost(let p, let post, let open): return "\(name(p)) \(open ? "opens" : "closes") post pick \(post)"
        case .deletePost(let p, let post): return "\(name(p)) deletes post pick \(post)"
        case .browse(let q): return "the board, \(Self.queries[q])"
        case .directRoom(let p, let o): return "\(name(p)) opens a 1:1 room with \(name(o))"
        case .invite(let p, let r, let i): return "\(name(p)) invites \(name(i)) to room pick \(r)"
        case .leave(let p, let r): return "\(name(p)) leaves room pick \(r)"
        case .send(let p, let r, let t, let k): return "\(name(p)) sends text \(t) to room pick \(r)\(k.map { " with key \($0)" } ?? "")"
        case .pageBefore(let p, let r, let m, let l): return "\(name(p)) reads \(l) before message pick \(m.map(String.init) ?? "none") in room pick \(r)"
        case .pageAfter(let p, let r, let m, let l): return "\(name(p)) reads \(l) after message pick \(m) in room pick \(r)"
        case .markRead(let p, let r, let m): return "\(name(p)) marks room pick \(r) read up to message pick \(m)"
        case .firstUnread(let p, let r): return "\(name(p)) asks the first unread of room pick \(r)"
        case .rooms(let p): return "\(name(p)) lists rooms"
        case .find(let p, let q): return "\(name(p)) finds '\(Self.searches[q])'"
        case .edit(let p, let r, let m, let t):
            return "\(name(p)) edits \(m.map { "message pick \($0)" } ?? "their last message") in room pick \(r) to text \(t)"
        case .unsend(let p, let r, let m):
            return "\(name(p)) unsends \(m.map { "message pick \($0)" } ?? "their last message") in room pick \(r)"
        }
    }
}
