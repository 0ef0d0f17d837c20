import TudyCore

/// What people used to IRC, irssi and WeeChat type, none of them tudy's own names: each works
/// as the tudy command it means, or is answered with one line naming that command. None that
/// changes anything (`/part` leaves a room for good in tudy) is run for a name that did not.
enum OtherClientCommand: String, CaseIterable {
    case exit, query, msg, names, part, close, clear, j, w

    /// What tudy does with one.
    enum Meaning: Equatable {
        /// The line tudy runs for it.
        case line(String)
        /// `/msg NAME TEXT`: the 1:1 room with NAME, then TEXT sent there.
        case message(to: String, text: String)
        /// `/w N` (irssi's window N, and Alt-N): the room at position N of `/rooms`.
        case roomAt(position: Int)
        /// Not run: the line that names what tudy has for it.
        case hint(String)
    }

    /// What `/name argument` means in tudy.
    func meaning(_ argument: String) -> Meaning {
        switch self {
        case .exit:
            return .line("/" + CommandName.quit.typed)
        case .query:
            return argument.isEmpty ? .hint("/query: tudy's is /dm <name>, the 1:1 room with someone") : .line("/dm " + argument)
        case .msg:
            let name = argument.prefix { !$0.isWhitespace }
            let text = argument.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return .hint("/msg: tudy's is /dm <name>, then type the message") }
            return text.isEmpty ? .line("/dm " + name) : .message(to: String(name), text: text)
        case .names:
            return .line("/" + CommandName.members.typed)
        case .part:
            return .hint("/part: in tudy, /back goes back to the rooms; /leave leaves the room for good")
        case .close:
            return .hint("/close closes a post of yours, on the post; /back leaves this screen")
        case .clear:
            return .hint("/clear: tudy keeps what it showed; Ctrl-L clears the screen")
        case .j:
            return .hint("/j: tudy's /join enters a post's study room (on the post); /open <n> in Chat enters a room")
        case .w:
            guard let position = Int(argument), position > 0 else {
                return .hint("/w <n> opens the nth room of /rooms, as Alt-n does; /open <n> in Chat enters room #n")
            }
            return .roomAt(position: position)
        }
    }
}
